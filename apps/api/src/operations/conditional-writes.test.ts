/**
 * Entity tags of persons, companies and opportunities through the app: a read sends a strong ETag that moves with its
 * answer and honours If-None-Match with a 304; a write sent with If-Match is done only while the record is as it was
 * read (else a 412 that writes nothing and keeps no Idempotency-Key), answers the record's new tag, and gives another
 * tenant's record the 404 it gives without the header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";

let context: TestContext;
let tenant: PopulatedTenant;
let other: PopulatedTenant;

beforeAll(async () => {
  context = await createTestContext();
  tenant = await buildPopulatedTenant(context.services, "Tagged");
  other = await buildPopulatedTenant(context.services, "Elsewhere");
});
afterAll(() => context.close());

const personPath = (of = tenant) => `/v1/persons/${of.pathIds.person_uuid}`;
const companyPath = (of = tenant) => `/v1/companies/${of.pathIds.company_uuid}`;
const opportunityPath = (of = tenant) => `/v1/opportunities/${of.pathIds.opportunity_uuid}`;

/** A read's answer and its tag, answered afresh (not a kept answer). */
async function read(path: string, headers: Record<string, string> = {}) {
  const response = await context.request(path, { key: tenant.key, headers: { "cache-control": "no-cache", ...headers } });
  return { status: response.status, tag: response.headers.get("etag"), text: await response.text(), headers: response.headers };
}

const write = (path: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
  context.request(path, { key: tenant.key, method, body, headers });

describe("a tagged read", () => {
  it.each([
    ["person", personPath],
    ["company", companyPath],
    ["opportunity", opportunityPath],
  ])("of a %s sends a strong ETag, the same while nothing changes", async (_name, path) => {
    const first = await read(path());
    expect(first.status).toBe(200);
    expect(first.tag).toMatch(/^"[0-9a-f]{16}\.[0-9a-f]{16}"$/);
    expect((await read(path())).tag).toBe(first.tag);
  });

  it("answers an If-None-Match naming its tag (in a list, weak or not, or *) with a 304 without a body, and another with the answer", async () => {
    const { tag } = await read(personPath());
    for (const ifNoneMatch of [tag!, `"other", ${tag}`, `W/${tag}`, "*"]) {
      const notModified = await read(personPath(), { "if-none-match": ifNoneMatch });
      expect(notModified.status, ifNoneMatch).toBe(304);
      expect(notModified.text).toBe("");
      expect(notModified.tag).toBe(tag);
      expect(notModified.headers.get("content-type")).toBeNull();
    }
    const changed = await read(personPath(), { "if-none-match": '"0000000000000000.0000000000000000"' });
    expect(changed.status).toBe(200);
    expect(changed.tag).toBe(tag);
  });

  it("answers a kept answer's If-None-Match alike", async () => {
    const kept = await context.request(personPath(), { key: tenant.key });
    const tag = kept.headers.get("etag")!;
    const again = await context.request(personPath(), { key: tenant.key, headers: { "if-none-match": tag } });
    expect(again.headers.get("age")).not.toBeNull();
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(tag);
  });

  it("moves its tag when only a derived field moves (an email with the person), its record part staying", async () => {
    const before = await read(personPath());
    context.clock.advance(1_000);
    await context.services.store.emails.ingest(tenant.tenant.uuid, {
      message_id: "<derived-only@mail.example>",
      sent_at: context.clock.now(),
      subject: "Derived only",
      from: { person_uuid: tenant.member.person_uuid },
      to: [{ person_uuid: tenant.pathIds.person_uuid! }],
    });
    const after = await read(personPath());
    expect(JSON.parse(after.text).last_contact_at).toBe(context.clock.now());
    expect(after.tag).not.toBe(before.tag);
    expect(after.tag!.split(".")[0]).toBe(before.tag!.split(".")[0]);
    expect((await read(personPath(), { "if-none-match": before.tag! })).status).toBe(200);
  });

  it("gives each user context the tag of its own answer (a member's shows their next meeting), the record part shared", async () => {
    await context.services.store.meetings.create(tenant.tenant.uuid, {
      title: "Next with the member",
      starts_at: context.clock.now() + 86_400_000,
      attendees: [{ person_uuid: tenant.pathIds.person_uuid! }, { person_uuid: tenant.member.person_uuid }],
    });
    const tenantWide = await read(personPath());
    const asMember = await context.request(personPath(), { key: tenant.key, userUuid: tenant.member.uuid, headers: { "cache-control": "no-cache" } });
    const memberTag = asMember.headers.get("etag");
    expect(JSON.parse(await asMember.text()).my_next_meeting_title).toBe("Next with the member");
    expect(JSON.parse(tenantWide.text).my_next_meeting_title).toBeNull();
    expect(memberTag).toMatch(/^"[0-9a-f]{16}\.[0-9a-f]{16}"$/);
    expect(memberTag).not.toBe(tenantWide.tag);
    expect(memberTag!.split(".")[0]).toBe(tenantWide.tag!.split(".")[0]);
  });
});

describe("a write with If-Match", () => {
  it.each([
    ["PUT", "person", personPath, { city: "Lisbon" }, "city"],
    ["PUT", "company", companyPath, { sector: "Shipping" }, "sector"],
    ["PATCH", "opportunity", opportunityPath, { next_step: "Sign" }, "next_step"],
  ] as const)("%s of a %s with the read's tag is done, and answers the tag a read then sends", async (method, _name, path, body, field) => {
    const { tag } = await read(path());
    const written = await write(path(), method, body, { "if-match": tag! });
    expect(written.status, await written.clone().text()).toBe(200);
    const after = await read(path());
    expect(JSON.parse(after.text)[field]).toBe(Object.values(body)[0]);
    expect(after.tag).not.toBe(tag);
    expect(written.headers.get("etag")).toBe(after.tag);
  });

  it.each([
    ["PUT", "person", personPath, { city: "Oslo" }],
    ["PUT", "company", companyPath, { sector: "Mining" }],
    ["PATCH", "opportunity", opportunityPath, { next_step: "Wait" }],
  ] as const)("%s of a %s changed since its read is a 412 saying so, writing nothing", async (method, name, path, body) => {
    const stale = (await read(path())).tag!;
    expect((await write(path(), method, { ...body, ...{} }, {})).status).toBe(200);
    const current = await read(path());
    const refused = await write(path(), method, Object.fromEntries(Object.keys(body).map((key) => [key, "Overwritten"])), { "if-match": stale });
    expect(refused.status).toBe(412);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      new RegExp(`^${name} [0-9a-f-]{36} changed since it was read: If-Match "[0-9a-f.]+" is not its current ETag, so this write was not done\\. Read it again \\(GET /v1/`),
    );
    const after = await read(path());
    expect({ status: after.status, tag: after.tag, text: after.text }).toEqual({ status: current.status, tag: current.tag, text: current.text });
  });

  it("is a 412 for a weak tag (compared strongly), a made-up tag, and a list without the current one; * and a list with it hold", async () => {
    const { tag } = await read(companyPath());
    for (const ifMatch of [`W/${tag}`, '"17"', '"a", "b"', "not-a-tag"]) {
      expect((await write(companyPath(), "PUT", { sector: "Refused" }, { "if-match": ifMatch })).status, ifMatch).toBe(412);
    }
    expect((await write(companyPath(), "PUT", { sector: "Listed" }, { "if-match": `"a", ${tag}` })).status).toBe(200);
    expect((await write(companyPath(), "PUT", { sector: "Any" }, { "if-match": "*" })).status).toBe(200);
  });

  it.each([
    ["person", personPath, "PUT", { city: "Porto" }, "rq decays"],
    ["opportunity", opportunityPath, "PATCH", { next_step: "Call" }, "days_in_stage grows"],
  ] as const)("of a %s still holds once only derived fields moved with the clock (two days: %s)", async (_name, path, method, body, _moved) => {
    const before = await read(path());
    context.clock.advance(2 * 86_400_000);
    const later = await read(path());
    expect(later.text).not.toBe(before.text);
    expect((await read(path(), { "if-none-match": before.tag! })).status).toBe(200);
    const written = await write(path(), method, body, { "if-match": before.tag! });
    expect(written.status, await written.clone().text()).toBe(200);
  });

  it("keeps no Idempotency-Key when refused: the same key then runs the write afresh", async () => {
    const stale = (await read(personPath())).tag!;
    await write(personPath(), "PUT", { job_title: "Moved on" });
    const key = "conditional-write-key-1";
    const refused = await write(personPath(), "PUT", { job_title: "Keyed" }, { "if-match": stale, "idempotency-key": key });
    expect(refused.status).toBe(412);
    const done = await write(personPath(), "PUT", { job_title: "Keyed" }, { "idempotency-key": key });
    expect(done.status).toBe(200);
    expect(done.headers.get("idempotent-replayed")).toBeNull();
    expect(JSON.parse((await read(personPath())).text).job_title).toBe("Keyed");
  });

  it("sent again with its Idempotency-Key after it was done gets its first answer, not the 412 of its own change", async () => {
    const { tag } = await read(personPath());
    const headers = { "if-match": tag!, "idempotency-key": "conditional-write-key-2" };
    const first = await write(personPath(), "PUT", { job_title: "Once" }, headers);
    expect(first.status).toBe(200);
    const again = await write(personPath(), "PUT", { job_title: "Once" }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("of two clients holding the same tag, lets exactly one write; the other's 412 keeps the winner's change", async () => {
    const { tag, text } = await read(personPath());
    const kept = JSON.parse(text).emails.map((email: { address: string }) => email.address) as string[];
    const [first, second] = await Promise.all([
      write(personPath(), "PUT", { emails: [...kept, "first-writer@tagged.example"] }, { "if-match": tag! }),
      write(personPath(), "PUT", { emails: [...kept, "second-writer@tagged.example"] }, { "if-match": tag! }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 412]);
    const winner = first.status === 200 ? "first-writer@tagged.example" : "second-writer@tagged.example";
    const emails = JSON.parse((await read(personPath())).text).emails.map((email: { address: string }) => email.address);
    expect(emails).toEqual([...kept, winner]);
  });

  it("erases a person, or deletes an opportunity, only with a current tag", async () => {
    const person = await context.services.store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: "Erased Conditionally" });
    const viewer = { user_uuid: tenant.admin.uuid };
    const existing = (await context.services.store.opportunities.get(tenant.tenant.uuid, tenant.pathIds.opportunity_uuid!, viewer))!;
    const opportunity = await context.services.store.opportunities.create(
      { tenant_uuid: tenant.tenant.uuid, name: "Deleted Conditionally", type_uuid: existing.type.uuid, stage_uuid: existing.stage.uuid, actor_user_uuid: tenant.admin.uuid },
      viewer,
    );
    for (const path of [`/v1/persons/${person.uuid}`, `/v1/opportunities/${opportunity.uuid}`]) {
      expect((await write(path, "DELETE", undefined, { "if-match": '"0000000000000000.0000000000000000"' })).status, path).toBe(412);
      expect((await read(path)).status).toBe(200);
      const { tag } = await read(path);
      const deleted = await write(path, "DELETE", undefined, { "if-match": tag! });
      expect(deleted.status, path).toBe(204);
      expect(deleted.headers.get("etag")).toBeNull();
      expect((await read(path)).status).toBe(404);
    }
  });

  it.each([
    ["PUT", personPath, { city: "Nowhere" }],
    ["DELETE", personPath, undefined],
    ["PUT", companyPath, { sector: "Nowhere" }],
    ["PATCH", opportunityPath, { next_step: "Nowhere" }],
    ["DELETE", opportunityPath, undefined],
  ] as const)("%s of another tenant's record (%#) is the 404 it is without the header, never a 412", async (method, path, body) => {
    const without = await write(path(other), method, body);
    const withTag = await write(path(other), method, body, { "if-match": '"0000000000000000.0000000000000000"' });
    expect(without.status).toBe(404);
    expect(withTag.status).toBe(404);
    expect(await withTag.json()).toEqual(await without.json());
  });
});
