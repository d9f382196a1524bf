/**
 * The figures an account manager quotes before a call (emails and meetings per period, with whom on the team, the last
 * touch, the next meeting, PathPower and its label, the AI summary's sentences), checked against a count made by hand
 * from a small mailbox holding the edge cases a real one has. Every expected count and date below is read off the
 * table in the fixture's comment, not computed by the code under test; RQ and PathPower values are the formulas of
 * docs/scoring.md worked out for these interactions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
/** 2026-10-01T00:00:00Z: midnight UTC on the first day of a month and of a quarter. */
const NOW = Date.UTC(2026, 9, 1);
const ago = (days: number, milliseconds = 0) => NOW - days * DAY - milliseconds;

type Json = Record<string, any>;
let context: TestContext;
let acme: TestTenant;
const ids: Record<string, string> = {};

/**
 * The team: Alice and Mike (active), Cat (deactivated at the end). Jane Roe and Omar work at Globex; "Jane R." is a
 * duplicate of Jane, merged into her at the end; Xavier is elsewhere. N is NOW.
 *
 * | id | interaction                                        | when        | Jane's count                          |
 * |----|----------------------------------------------------|-------------|---------------------------------------|
 * | e1 | Alice → Jane                                       | N - 1 day   | email; Alice                          |
 * | e2 | Jane → Alice, Mike                                 | N - 30 days | email, last one in 30_days; both      |
 * | e3 | Jane → Xavier, cc Mike                             | N - 30 d 1ms| email, first one out of 30_days; Mike |
 * | e4 | Jane → Jane                                        | N - 2 days  | nothing                               |
 * | e5 | Jane → Xavier (a user only BCC'd: not recorded)    | N - 10 days | email; no user                        |
 * | e6 | Jane R. → Alice                                    | N - 100 days| email once merged (180_days); Alice   |
 * | e7 | Cat → Jane                                         | N - 5 days  | email; Cat left: no row of her own    |
 * | m1 | Alice (organizer), Jane; Mike declined             | N - 3 days  | meeting; Alice                        |
 * | m2 | Mike (organizer, not listed as attendee), Jane     | N - 60 days | meeting; Mike                         |
 * | m3 | Alice (organizer, "declined": counts), Jane, Mike  | N - 20 days | meeting; Alice, Mike                  |
 * | m4 | Alice, Jane, cancelled                             | N - 4 days  | nothing                               |
 * | m5 | Alice, Jane, deleted                               | N - 6 days  | nothing                               |
 * | m6 | Alice, Jane                                        | N + 2 days  | her next meeting, not activity        |
 * | m7 | Mike, Jane                                         | N exactly   | meeting, age 0                        |
 * | o1 | Omar → Alice, Mike                                 | N - 7 days  | (Omar: one email, Alice and Mike tie) |
 *
 * Jane: 30_days e1 e2 e5 e7 + m1 m3 m7 = 4 emails, 3 meetings; 90_days + e3 + m2 = 5, 4; 180_days + e6 = 6, 4; the
 * latest m7, 2026-10-01. Alice: e1 e2 m1 m3 (+ e6 in 180_days), last 2026-09-30. Mike: e2 m3 m7 in 30_days, + e3 m2.
 * Team-only (the summary's "the team had"): 90_days e1 e2 e3 + m1 m2 m3 m7; before it e6.
 *
 * Kim and her duplicate Kim2, merged at the end: k1 Alice → Kim, Kim2 (N - 2 d: one email once merged); k2 Alice,
 * Kim, Kim2 (N - 4 d: one meeting); k3 Kim2 → Kim (N - 6 d: to herself once merged); k4 Kim2 → Mike (N - 8 d); k5
 * Alice, Kim (N - 9 d, cancelled afterwards); k6 Alice, Kim (N - 11 d, created cancelled, confirmed afterwards); k7
 * Alice, Kim, Mike (N - 12 d, Mike declines afterwards). Kim: 2 emails (k1 k4), 3 meetings (k2 k6 k7).
 *
 * Fay (Initech) has only an upcoming meeting, Gus (Initech) only a cancelled one. Pat (Hooli) and Alice, and Quinn and
 * each of Alice and Mike, have two meetings and an email each way at N: raw weight 3 + 3 + 2 = 8, the saturation, so a
 * connection score of exactly 0.5 (Pat's PathPower), and Quinn's 1 - 0.5 × 0.5 = 0.75 exactly: the label boundaries.
 */
beforeAll(async () => {
  context = await createTestContext({ start: NOW });
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenant = acme.tenant.uuid;
  const cat = await store.users.create({ tenant_uuid: tenant, name: "Cat", email: `cat.${tenant.slice(0, 8)}@example.com`, role: "member" });
  const company = (company_name: string) => store.companies.create({ tenant_uuid: tenant, company_name });
  const [globex, initech, hooli] = [await company("Globex"), await company("Initech"), await company("Hooli")];
  const person = (name: string, address: string, primary_company_uuid?: string) =>
    store.persons.create({ tenant_uuid: tenant, name, emails: [address], primary_company_uuid });
  const jane = await person("Jane Roe", "jane@globex.example", globex.uuid);
  const janeTwo = await person("Jane R.", "jane.roe@home.example");
  const omar = await person("Omar Oz", "omar@globex.example", globex.uuid);
  const xavier = await person("Xavier Xu", "xavier@elsewhere.example");
  const kim = await person("Kim Kay", "kim@elsewhere.example");
  const kimTwo = await person("Kim K.", "kim@home.example");
  const fay = await person("Fay Fox", "fay@initech.example", initech.uuid);
  const gus = await person("Gus Gray", "gus@initech.example", initech.uuid);
  const pat = await person("Pat Poe", "pat@hooli.example", hooli.uuid);
  const quinn = await person("Quinn Quay", "quinn@elsewhere.example");
  Object.assign(ids, { globex: globex.uuid, initech: initech.uuid, hooli: hooli.uuid, jane: jane.uuid, janeTwo: janeTwo.uuid, omar: omar.uuid });
  Object.assign(ids, { xavier: xavier.uuid, kim: kim.uuid, kimTwo: kimTwo.uuid, fay: fay.uuid, gus: gus.uuid, pat: pat.uuid, quinn: quinn.uuid });

  const of = (someone: { uuid: string }) => ({ person_uuid: someone.uuid });
  const user = (someone: { person_uuid: string }) => ({ person_uuid: someone.person_uuid });
  const [alice, mike] = [user(acme.admin), user(acme.member)];
  const email = (message_id: string, sent_at: number, from: { person_uuid: string }, to: Array<{ person_uuid: string }>, cc: Array<{ person_uuid: string }> = []) =>
    store.emails.ingest(tenant, { message_id, sent_at, from, to, cc });
  const meeting = (title: string, starts_at: number, organizer: { person_uuid: string }, attendees: Array<{ person_uuid: string; response?: "declined" }>, status: "confirmed" | "cancelled" = "confirmed") =>
    store.meetings.create(tenant, { title, starts_at, organizer, attendees, status });

  await email("e1", ago(1), alice, [of(jane)]);
  await email("e2", ago(30), of(jane), [alice, mike]);
  await email("e3", ago(30, 1), of(jane), [of(xavier)], [mike]);
  await email("e4", ago(2), of(jane), [of(jane)]);
  await email("e5", ago(10), of(jane), [of(xavier)]);
  await email("e6", ago(100), of(janeTwo), [alice]);
  await email("e7", ago(5), user(cat), [of(jane)]);
  await meeting("m1", ago(3), alice, [of(jane), { ...mike, response: "declined" }]);
  await meeting("m2", ago(60), mike, [of(jane)]);
  await meeting("m3", ago(20), alice, [{ ...alice, response: "declined" }, of(jane), mike]);
  await meeting("m4", ago(4), alice, [of(jane)], "cancelled");
  const deleted = await meeting("m5", ago(6), alice, [of(jane)]);
  await store.meetings.delete(tenant, deleted.uuid);
  await meeting("Globex kickoff", NOW + 2 * DAY, alice, [of(jane)]);
  await meeting("m7", NOW, mike, [of(jane)]);
  await email("o1", ago(7), of(omar), [alice, mike]);

  await email("k1", ago(2), alice, [of(kim), of(kimTwo)]);
  await meeting("k2", ago(4), alice, [of(kim), of(kimTwo)]);
  await email("k3", ago(6), of(kimTwo), [of(kim)]);
  await email("k4", ago(8), of(kimTwo), [mike]);
  const k5 = await meeting("k5", ago(9), alice, [of(kim)]);
  const k6 = await meeting("k6", ago(11), alice, [of(kim)], "cancelled");
  const k7 = await meeting("k7", ago(12), alice, [of(kim), mike]);

  await meeting("Initech demo", NOW + DAY, alice, [of(fay)]);
  await meeting("g1", ago(1), alice, [of(gus)], "cancelled");
  for (const [who, teamMember, tag] of [[pat, alice, "p"], [quinn, alice, "qa"], [quinn, mike, "qm"]] as const) {
    await meeting(`${tag}1`, NOW, teamMember, [of(who)]);
    await meeting(`${tag}2`, NOW, teamMember, [of(who)]);
    await email(`${tag}3`, NOW, teamMember, [of(who)]);
    await email(`${tag}4`, NOW, of(who), [teamMember]);
  }

  // Another tenant knows a Jane at the same address, and wrote to her yesterday.
  const other = await store.tenants.create({ name: "Other Capital", tier: "custom", per_second_limit: 1_000, monthly_limit: 1_000_000 });
  const theirUser = await store.users.create({ tenant_uuid: other.uuid, name: "Olga", email: "olga@other.example", role: "member" });
  const theirJane = await store.persons.create({ tenant_uuid: other.uuid, name: "Jane Roe", emails: ["jane@globex.example"] });
  await store.emails.ingest(other.uuid, { message_id: "t1", sent_at: ago(1), from: user(theirUser), to: [of(theirJane)] });
  ids.theirJane = theirJane.uuid;

  // The later changes reach a loaded graph, as a server's do.
  await store.graphs.forTenant(tenant);
  const merge = (canonical: string, superseded: string) =>
    context.request(`/v1/persons/${canonical}/merge`, { key: acme.key, method: "POST", body: { superseded_person_uuid: superseded } });
  expect((await merge(jane.uuid, janeTwo.uuid)).status).toBe(200);
  await store.meetings.update(tenant, k5.uuid, { status: "cancelled" });
  await store.meetings.update(tenant, k6.uuid, { status: "confirmed" });
  await store.meetings.update(tenant, k7.uuid, { attendees: [of(kim), { ...mike, response: "declined" }] });
  expect((await merge(kim.uuid, kimTwo.uuid)).status).toBe(200);
  await store.users.deactivate(tenant, cat.uuid);
});
afterAll(() => context.close());

const get = async (path: string): Promise<Json> => {
  const { status, body } = await context.json(path, { key: acme.key });
  expect(status).toBe(200);
  return body!;
};
const counts = (emails: number, meetings: number) => ({ emails, meetings, total: emails + meetings });
const period = (name: string, last: string | null, emails: number, meetings: number) => ({ period: name, last_activity_date: last, activity_counts: counts(emails, meetings) });
const alsoLongerPeriods = (last: string, emails: number, meetings: number) =>
  ["180_days", "365_days", "all_time"].map((name) => period(name, last, emails, meetings));

describe("the figures an account manager quotes, against a hand count", () => {
  it("activity statistics: every period, each user's part and the top users", async () => {
    const { status, body } = await context.json("/v1/persons/activity-stats/batch", {
      key: acme.key,
      method: "POST",
      body: { uuids: [ids.jane, ids.omar, ids.kim, ids.janeTwo, ids.fay, ids.gus, ids.theirJane], group_by: "internal_user", sort_by: "top_user" },
    });
    expect(status).toBe(200);
    const [jane, omar, kim, ...empty] = body!.results as [Json, Json, Json, ...Json[]];
    const alice = { internal_user_uuid: acme.admin.uuid, internal_user_person_uuid: acme.admin.person_uuid, name: "Alice" };
    const mike = { internal_user_uuid: acme.member.uuid, internal_user_person_uuid: acme.member.person_uuid, name: "Mike" };
    const byUuid = (rows: Json[]) => [...rows].sort((left, right) => (left.internal_user_uuid < right.internal_user_uuid ? -1 : 1));

    expect(jane.periods).toEqual([period("30_days", "2026-10-01", 4, 3), period("90_days", "2026-10-01", 5, 4), ...alsoLongerPeriods("2026-10-01", 6, 4)]);
    const janeAlice = { ...alice, periods: [period("30_days", "2026-09-30", 2, 2), period("90_days", "2026-09-30", 2, 2), ...alsoLongerPeriods("2026-09-30", 3, 2)] };
    const janeMike = { ...mike, periods: [period("30_days", "2026-10-01", 1, 2), period("90_days", "2026-10-01", 2, 3), ...alsoLongerPeriods("2026-10-01", 2, 3)] };
    // Cat left: her email still counts for Jane, but she is no row (nor a top user).
    expect(jane.by_user).toEqual(byUuid([janeAlice, janeMike]));
    // Alice and Mike tie on 90-day emails (2 each): Mike has more 90-day interactions (5 to 4).
    const janeMikeNinety = { ...mike, periods: [period("90_days", "2026-10-01", 2, 3)] };
    expect([jane.top_email_user, jane.top_meeting_user]).toEqual([janeMikeNinety, janeMikeNinety]);

    // One email to two users: once in the total, once in each user's row; the tie goes to the smaller user uuid.
    expect(omar.periods).toEqual([period("30_days", "2026-09-24", 1, 0), period("90_days", "2026-09-24", 1, 0), ...alsoLongerPeriods("2026-09-24", 1, 0)]);
    const omarRow = (who: Json) => ({ ...who, periods: omar.periods });
    expect(omar.by_user).toEqual(byUuid([omarRow(alice), omarRow(mike)]));
    const [first] = byUuid([alice, mike]);
    expect(omar.top_email_user).toEqual({ ...first, periods: [period("90_days", "2026-09-24", 1, 0)] });
    expect(omar.top_meeting_user).toBeNull();

    expect(kim.periods).toEqual([period("30_days", "2026-09-29", 2, 3), period("90_days", "2026-09-29", 2, 3), ...alsoLongerPeriods("2026-09-29", 2, 3)]);
    expect(kim.by_user).toEqual(
      byUuid([
        { ...alice, periods: ["30_days", "90_days", "180_days", "365_days", "all_time"].map((name) => period(name, "2026-09-29", 1, 3)) },
        { ...mike, periods: ["30_days", "90_days", "180_days", "365_days", "all_time"].map((name) => period(name, "2026-09-23", 1, 0)) },
      ]),
    );

    // The merged-away duplicate, an upcoming meeting only, a cancelled one only, another tenant's Jane: no activity.
    for (const result of empty) expect([result.periods, result.by_user, result.top_email_user, result.top_meeting_user]).toEqual([[], [], null, null]);
  });

  it("the records' derived fields agree with those statistics", async () => {
    const [detail, listed, company, fay] = await Promise.all([
      get(`/v1/persons/${ids.jane}`),
      get(`/v1/persons?uuids=${ids.jane}`).then((page) => page.items[0]),
      get(`/v1/companies/${ids.globex}`),
      get(`/v1/persons/${ids.fay}`),
    ]);
    for (const record of [detail, listed, company]) {
      expect(record).toMatchObject({
        last_activity_date: "2026-10-01",
        last_contact_at: NOW,
        next_meeting_at: NOW + 2 * DAY,
        next_meeting_title: "Globex kickoff",
        next_meeting_with_user_uuid: acme.admin.uuid,
      });
      // The same counts as each user's 90-day row above; RQ by docs/scoring.md (Mike 7.2695 / 15.2695, Alice 6.7504 / 14.7504).
      expect(record.strongest_relationships.map((row: Json) => [row.user_name, row.last_engaged_at, row.priority_management])).toEqual([
        ["Mike", NOW, { person_uuid: ids.jane, rq: 0.476083256, rq_pretty: 48, rq_reason: "2 emails and 3 meetings in the last 90 days, last on 2026-10-01", last_activity_date: "2026-10-01" }],
        ["Alice", NOW, { person_uuid: ids.jane, rq: 0.457647162, rq_pretty: 46, rq_reason: "2 emails and 2 meetings in the last 90 days, last on 2026-09-30", last_activity_date: "2026-09-30" }],
      ]);
    }
    expect(fay).toMatchObject({ last_activity_date: null, last_contact_at: null, next_meeting_title: "Initech demo", strongest_relationships: [] });
  });

  it("PathPower: scores, labels on their boundaries, null without data, and a company's meta", async () => {
    const persons = [ids.jane, ids.omar, ids.pat, ids.quinn, ids.xavier, ids.janeTwo, ids.fay, ids.gus];
    const { scores } = await get(`/v1/pathpower/scores?entity=person&uuids=${persons.join(",")}`);
    const entry = (uuid: string, score: number | null, score_display: number, strength_label: string | null) => ({ entity: "person", uuid, score, score_display, strength_label });
    expect(scores).toEqual([
      // 1 - (1 - 0.476083256)(1 - 0.457647162)
      entry(ids.jane!, 0.715852267, 72, "strong"),
      // Alice and Mike each 0.040191673 (one email of two recipients, one way, a week old)
      entry(ids.omar!, 0.078767975, 8, "weak"),
      entry(ids.pat!, 0.5, 50, "strong"),
      entry(ids.quinn!, 0.75, 75, "very_strong"),
      ...[ids.xavier!, ids.janeTwo!, ids.fay!, ids.gus!].map((uuid) => entry(uuid, null, 0, null)),
    ]);
    const company = (uuid: string, score: number | null, score_display: number, strength_label: string | null, person_count: number, connected_person_count: number) =>
      ({ entity: "company", uuid, score, score_display, strength_label, meta: { person_count, connected_person_count }, scored_at: NOW });
    expect(await get(`/v1/companies/${ids.globex}/pathpower`)).toEqual(company(ids.globex!, 0.738234009, 74, "strong", 2, 2));
    expect(await get(`/v1/companies/${ids.hooli}/pathpower`)).toEqual(company(ids.hooli!, 0.5, 50, "strong", 1, 1));
    expect(await get(`/v1/companies/${ids.initech}/pathpower`)).toEqual(company(ids.initech!, null, 0, null, 2, 0));
  });

  it("the AI summary states the same figures and dates, and nothing when there is no activity", async () => {
    const sections = async (path: string) => Object.fromEntries(((await get(path)).sections as Json[]).map((section) => [section.heading, section.content]));
    expect(await sections(`/v1/persons/${ids.jane}/ai-summary`)).toMatchObject({
      Relationships:
        "On the team, Jane Roe is best known to Mike (RQ 48: 2 emails and 3 meetings in the last 90 days, last on 2026-10-01) and Alice (RQ 46: 2 emails and 2 meetings in the last 90 days, last on 2026-09-30).",
      // The team's part only: not e5 (no user on it) nor e7 (Cat has left).
      Activity: "In the last 90 days the team had 3 emails and 4 meetings with Jane Roe, up from 1 in the 90 days before; the latest on 2026-10-01.",
    });
    expect(await sections(`/v1/companies/${ids.globex}/ai-summary`)).toMatchObject({
      // Jane's three and Omar's one.
      Activity: "In the last 90 days the team had 4 emails and 4 meetings with Globex, up from 1 in the 90 days before; the latest on 2026-10-01.",
    });
    for (const uuid of [ids.fay, ids.gus]) expect(await sections(`/v1/persons/${uuid}/ai-summary`)).toEqual({});
  });
});
