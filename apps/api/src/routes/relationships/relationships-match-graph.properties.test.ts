/**
 * Property-based test across the layers: a small random tenant written through the HTTP API (emails with
 * repeated and self-addressed recipients, meetings with declined attendees, cancelled and upcoming ones) answers
 * its relationship reads (PathPower, rankings, a user's relationships, recommended paths, activity, the records'
 * derived fields) as the graph core does when hydrated from what the test sent, read the way docs/scoring.md says
 * an interaction counts; and still does after later writes reach the loaded graph and its kept answers (meetings
 * moved, cancelled, deleted; contacts merged or erased; a user deactivated; an email sent again).
 */
import {
  activityStats,
  derivedFields,
  hydrateGraph,
  pathPower,
  pathPowerRanking,
  recommendedPaths,
  relationshipQualityRanking,
  strongestRelationships,
  type EntityReference,
  type Interaction,
  type RelationshipGraph,
} from "@rapport/graph";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext } from "../../testing/test-harness.js";

const DAY = 86_400_000;
const CONTACTS = 4;
const PARTICIPANTS = 3 + CONTACTS;

/** Who takes part, by index: 0 to 2 the team (Alice, Mike, a third user), then the contacts. */
const participant = fc.integer({ min: 0, max: PARTICIPANTS - 1 });
/** Some days and milliseconds before the test's present; negative: after it. */
const when = fc.tuple(fc.integer({ min: -20, max: 400 }), fc.integer({ min: 0, max: DAY - 1 })).map(([days, milliseconds]) => TEST_START - days * DAY - milliseconds);
const emailDraft = fc.record({ kind: fc.constant("email" as const), at: when, from: participant, to: fc.array(participant, { maxLength: 3 }), cc: fc.array(participant, { maxLength: 2 }) });
const meetingDraft = fc.record({
  kind: fc.constant("meeting" as const),
  at: when,
  organizer: fc.option(participant, { nil: null }),
  attendees: fc.uniqueArray(fc.record({ who: participant, declined: fc.boolean() }), { maxLength: 4, selector: (attendee) => attendee.who }),
  cancelled: fc.boolean(),
});
const drafts = fc.array(fc.oneof(emailDraft, meetingDraft), { minLength: 1, maxLength: 10 });
/** Writes after a first read, naming the n-th interaction sent (modulo their count) or contacts and users by index. */
const laterWrite = fc.oneof(
  fc.record({ kind: fc.constant("move" as const), which: fc.nat(), at: when }),
  fc.record({ kind: fc.constant("cancel" as const), which: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), which: fc.nat() }),
  fc.record({ kind: fc.constant("resend" as const), which: fc.nat() }),
  fc.record({ kind: fc.constant("merge" as const), canonical: participant, superseded: fc.integer({ min: 3, max: PARTICIPANTS - 1 }) }),
  fc.record({ kind: fc.constant("deactivate" as const), user: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("erase" as const), contact: fc.integer({ min: 3, max: PARTICIPANTS - 1 }) }),
);

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

/** What the API answers about a tenant, and what the graph core answers about the same facts. */
interface Reads {
  personPower: unknown;
  companyPower: unknown;
  personRanking: unknown;
  companyRanking: unknown;
  userRankings: unknown;
  paths: unknown;
  companyPaths: unknown;
  activity: unknown;
  records: unknown;
}

/** The derived relationship fields a person or company record shows (GET /v1/persons/{uuid}, /v1/companies/{uuid}). */
function recordFields(graph: RelationshipGraph, now: number, target: EntityReference): unknown {
  const derived = derivedFields(graph, target, { now, userUuid: null });
  return {
    strongest: strongestRelationships(graph, target, { now, limit: 2 })?.map((row) => [row.user_uuid, row.person_uuid, row.rq, row.rq_pretty, row.last_engaged_at]) ?? null,
    last: [derived.last_activity_date, derived.last_contact_at],
    next: [derived.next_meeting_at, derived.next_meeting_title, derived.next_meeting_with_user_uuid],
  };
}

function presentedRecordFields(record: Record<string, any>): unknown {
  return {
    strongest:
      record.strongest_relationships?.map((row: any) => [row.user_uuid, row.priority_management.person_uuid, row.priority_management.rq, row.priority_management.rq_pretty, row.last_engaged_at]) ?? null,
    last: [record.last_activity_date, record.last_contact_at],
    next: [record.next_meeting_at, record.next_meeting_title, record.next_meeting_with_user_uuid],
  };
}

function graphReads(graph: RelationshipGraph, now: number, persons: string[], users: string[], company: string): Reads {
  const pathsOf = (target: { entity: "person" | "company"; uuid: string }) =>
    recommendedPaths(graph, target, { now }).items.map((item) => ({
      user: item.user_uuid,
      score: item.connection_score,
      count: item.path_count,
      paths: item.paths.map((hops) => hops.map((hop) => [hop.person_uuid, hop.connection_score, hop.interaction_count])),
    }));
  return {
    personPower: persons.map((uuid) => pathPower(graph, { entity: "person", uuid }, { now }).score),
    companyPower: (({ score, meta }) => ({ score, meta }))(pathPower(graph, { entity: "company", uuid: company }, { now })),
    personRanking: pathPowerRanking(graph, "person", { now, limit: 100 }).entries.map((entry) => [entry.uuid, entry.score]),
    companyRanking: pathPowerRanking(graph, "company", { now, limit: 100 }).entries.map((entry) => [entry.uuid, entry.score]),
    userRankings: users.map((user) =>
      relationshipQualityRanking(graph, user, { now, limit: 100 }).entries.map((entry) => [entry.person_uuid, entry.rq, entry.rq_pretty, entry.rq_reason, entry.interaction_count, entry.last_activity_date]),
    ),
    paths: persons.map((uuid) => pathsOf({ entity: "person", uuid })),
    companyPaths: pathsOf({ entity: "company", uuid: company }),
    activity: persons.map((uuid) =>
      activityStats(graph, { entity: "person", uuid }, { now }).periods.map((period) => [period.period, period.activity_counts.emails, period.activity_counts.meetings]),
    ),
    records: [...persons.map((uuid) => recordFields(graph, now, { entity: "person", uuid })), recordFields(graph, now, { entity: "company", uuid: company })],
  };
}

describe("relationship reads over HTTP", () => {
  it("answer as the graph core hydrated from what was sent", async () => {
    await fc.assert(
      fc.asyncProperty(drafts, fc.array(laterWrite, { maxLength: 4 }), async (list, writes) => {
        const { services } = context;
        const tenant = await buildTenant(services);
        const tenantUuid = tenant.tenant.uuid;
        const third = await services.store.users.create({ tenant_uuid: tenantUuid, name: "Tess", email: `tess.${tenantUuid.slice(0, 8)}@example.com`, role: "member" });
        const team = [tenant.admin, tenant.member, third];
        const company = (await services.store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" })).uuid;
        const contacts = [];
        for (let index = 0; index < CONTACTS; index += 1) {
          const address = `contact${index}@globex.example`;
          contacts.push({ address, uuid: (await services.store.persons.create({ tenant_uuid: tenantUuid, name: `Contact ${index}`, emails: [address], primary_company_uuid: index < 2 ? company : undefined })).uuid });
        }
        const addresses = [...team.map((user) => user.email), ...contacts.map((contact) => contact.address)];
        const persons = [...team.map((user) => user.person_uuid), ...contacts.map((contact) => contact.uuid)];

        const emails: Interaction[] = [];
        /** Each meeting's title, start, organizer, attendee rows (person → declined) and status, by id. */
        const meetings = new Map<string, { title: string; at: number; organizer: string | null; rows: Map<string, boolean>; cancelled: boolean }>();
        /** What the graph should hold: a declined attendee takes no part, nor does a declined organizer (a merge makes one). */
        const sent = (): Interaction[] => [
          ...emails,
          ...[...meetings].map(([id, meeting]): Interaction => ({
            id,
            kind: "meeting",
            occurredAt: meeting.at,
            attendeeUuids: [...meeting.rows].filter(([, declined]) => !declined).map(([uuid]) => uuid),
            organizerUuid: meeting.organizer !== null && meeting.rows.get(meeting.organizer) === false ? meeting.organizer : null,
            status: meeting.cancelled ? "cancelled" : "confirmed",
            title: meeting.title,
          })),
        ];
        /** Where each interaction sent lives: its route and the body that created it (emails), by id. */
        const origins = new Map<string, { meetingUuid?: string; email?: unknown }>();
        for (const [index, draft] of list.entries()) {
          if (draft.kind === "email") {
            const body = { messages: [{ message_id: `<m${index}@example.com>`, sent_at: draft.at, from: addresses[draft.from], to: draft.to.map((who) => addresses[who]), cc: draft.cc.map((who) => addresses[who]) }] };
            const answer = await context.json("/v1/emails/batch", { key: tenant.key, method: "POST", body });
            expect(answer.body!.results[0].status, JSON.stringify(answer.body)).toBe("CREATED");
            origins.set(`e${index}`, { email: body });
            emails.push({ id: `e${index}`, kind: "email", occurredAt: draft.at, senderUuid: persons[draft.from]!, recipientUuids: [...draft.to, ...draft.cc].map((who) => persons[who]!) });
          } else {
            const attendees = draft.attendees.map(({ who, declined }) => ({ email: addresses[who], response: declined ? "declined" : "accepted" }));
            const body = { title: `Meeting ${index}`, starts_at: draft.at, ends_at: null, attendees, status: draft.cancelled ? "cancelled" : "confirmed", organizer: draft.organizer === null ? null : addresses[draft.organizer] };
            const answer = await context.json("/v1/meetings", { key: tenant.key, method: "POST", body });
            expect(answer.status, JSON.stringify(answer.body)).toBe(201);
            origins.set(`m${index}`, { meetingUuid: answer.body!.uuid });
            // The organizer is on the list once, accepting, whatever response an attendees entry naming them gives
            // (docs/api-decisions.md, "Activity and meetings").
            const rows = new Map(draft.attendees.map(({ who, declined }) => [persons[who]!, declined]));
            if (draft.organizer !== null) rows.set(persons[draft.organizer]!, false);
            meetings.set(`m${index}`, { title: body.title, at: draft.at, organizer: draft.organizer === null ? null : persons[draft.organizer]!, rows, cancelled: draft.cancelled });
          }
        }

        const active = new Set(team.map((user) => user.uuid));
        const members = new Set(contacts.slice(0, 2).map((contact) => contact.uuid));
        /** Persons merged away or erased: their uuids answer 404. */
        const mergedAway = new Set<string>();
        const compare = async (label: string) => {
          const graph = hydrateGraph({
            interactions: sent(),
            internalUsers: team.filter((user) => active.has(user.uuid)).map((user) => ({ userUuid: user.uuid, personUuid: user.person_uuid })),
            affiliations: [...members].map((personUuid) => ({ personUuid, companyUuid: company })),
          });
          const live = persons.filter((uuid) => !mergedAway.has(uuid));
          const expected = graphReads(graph, TEST_START, live, team.map((user) => user.uuid), company);

          const get = async (path: string) => {
            const answer = await context.json(path, { key: tenant.key });
            expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
            return answer.body!;
          };
          const httpPaths = (body: Record<string, any>) =>
            body.items.map((item: any) => ({
              user: item.user_uuid,
              score: item.connection_score,
              count: item.path_count,
              paths: item.paths.map((hops: any[]) => hops.map((hop) => [hop.person_uuid, hop.connection_score, hop.interaction_count])),
            }));
          const companyPower = await get(`/v1/companies/${company}/pathpower`);
          const actual: Reads = {
            personPower: (await get(`/v1/pathpower/scores?entity=person&uuids=${live.join(",")}`)).scores.map((score: any) => score.score),
            companyPower: { score: companyPower.score, meta: companyPower.meta },
            personRanking: (await get("/v1/relationships?entity=person&per_page=50")).items.map((row: any) => [row.uuid, row.score]),
            companyRanking: (await get("/v1/relationships?entity=company&per_page=50")).items.map((row: any) => [row.uuid, row.score]),
            userRankings: await Promise.all(
              team.map(async (user) =>
                (await get(`/v1/users/${user.uuid}/relationships?per_page=50`)).items.map((row: any) => [row.person_uuid, row.rq, row.rq_pretty, row.rq_reason, row.interaction_count, row.last_activity_date]),
              ),
            ),
            paths: await Promise.all(live.map(async (uuid) => httpPaths(await get(`/v1/persons/${uuid}/recommended-paths?per_page=50`)))),
            companyPaths: httpPaths(await get(`/v1/companies/${company}/recommended-paths?per_page=50`)),
            activity: (
              await context.json("/v1/persons/activity-stats/batch", { key: tenant.key, method: "POST", body: { uuids: live } })
            ).body!.results.map((result: any) => result.periods.map((period: any) => [period.period, period.activity_counts.emails, period.activity_counts.meetings])),
            records: [...(await Promise.all(live.map(async (uuid) => presentedRecordFields(await get(`/v1/persons/${uuid}`))))), presentedRecordFields(await get(`/v1/companies/${company}`))],
          };
          expect(actual, label).toEqual(expected);
        };
        await compare("before the later writes");

        for (const write of writes) {
          if (write.kind === "move" || write.kind === "cancel" || write.kind === "delete") {
            const ids = [...meetings.keys()];
            if (ids.length === 0) continue;
            const id = ids[write.which % ids.length]!;
            const meeting = meetings.get(id)!;
            const path = `/v1/meetings/${origins.get(id)!.meetingUuid}`;
            if (write.kind === "delete") {
              expect((await context.request(path, { key: tenant.key, method: "DELETE" })).status).toBe(204);
              meetings.delete(id);
            } else {
              const body = write.kind === "move" ? { starts_at: write.at } : { status: "cancelled" };
              const answer = await context.json(path, { key: tenant.key, method: "PUT", body });
              expect(answer.status, JSON.stringify(answer.body)).toBe(200);
              if (write.kind === "move") meeting.at = write.at;
              else meeting.cancelled = true;
            }
          } else if (write.kind === "resend") {
            if (emails.length === 0) continue;
            const answer = await context.json("/v1/emails/batch", { key: tenant.key, method: "POST", body: origins.get(emails[write.which % emails.length]!.id)!.email });
            expect(answer.body!.results[0].status).toBe("DUPLICATE");
          } else if (write.kind === "merge") {
            const canonical = persons[write.canonical]!;
            const superseded = persons[write.superseded]!;
            if (canonical === superseded || mergedAway.has(canonical) || mergedAway.has(superseded)) continue;
            const answer = await context.json(`/v1/persons/${canonical}/merge`, { key: tenant.key, method: "POST", body: { superseded_person_uuid: superseded } });
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            mergedAway.add(superseded);
            const rename = (uuid: string) => (uuid === superseded ? canonical : uuid);
            for (const [index, email] of emails.entries()) {
              if (email.kind === "email") emails[index] = { ...email, senderUuid: rename(email.senderUuid ?? ""), recipientUuids: email.recipientUuids.map(rename) };
            }
            // Where both attend, the canonical person's row stays (docs/api-decisions.md, "Person merge").
            for (const meeting of meetings.values()) {
              const declined = meeting.rows.get(superseded);
              meeting.rows.delete(superseded);
              if (declined !== undefined && !meeting.rows.has(canonical)) meeting.rows.set(canonical, declined);
              if (meeting.organizer === superseded) meeting.organizer = canonical;
            }
            if (members.delete(superseded)) members.add(canonical);
          } else if (write.kind === "erase") {
            const erased = persons[write.contact]!;
            if (mergedAway.has(erased)) continue;
            expect((await context.request(`/v1/persons/${erased}`, { key: tenant.key, method: "DELETE" })).status).toBe(204);
            mergedAway.add(erased);
            // An email they sent, or left with fewer than two persons, goes whole; others and meetings go on without
            // them (docs/api-decisions.md, "Person erasure").
            for (let index = emails.length - 1; index >= 0; index -= 1) {
              const email = emails[index]!;
              if (email.kind !== "email") continue;
              const recipientUuids = email.recipientUuids.filter((uuid) => uuid !== erased);
              const personsLeft = new Set([email.senderUuid, ...recipientUuids]).size;
              if (email.senderUuid === erased || personsLeft < 2) emails.splice(index, 1);
              else emails[index] = { ...email, recipientUuids };
            }
            for (const meeting of meetings.values()) {
              meeting.rows.delete(erased);
              if (meeting.organizer === erased) meeting.organizer = null;
            }
            members.delete(erased);
          } else {
            const user = team[write.user]!;
            if (!active.has(user.uuid)) continue;
            expect(await services.store.users.deactivate(tenantUuid, user.uuid)).toBe(true);
            active.delete(user.uuid);
          }
        }
        await compare(`after ${JSON.stringify(writes)}`);
      }),
      { numRuns: 40 },
    );
  }, 300_000);
});
