/** DELETE /v1/persons/{person_uuid}: erasure through the real app, over REST and MCP. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addProblem, emptySummary } from "../../imports/import-summary.js";
import { databaseSnapshotBesideUsage } from "../../testing/database-snapshot.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const DAY = 86_400_000;

/** Zelda, who emailed and met the administrator and Cleo, and Cleo, who stays. */
async function zeldaAndCleo(tenant = acme) {
  const { store } = context.services;
  const tenantUuid = tenant.tenant.uuid;
  const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
  const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero", emails: ["zelda@quintero.example"], primary_company_uuid: globex.uuid });
  const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const me = tenant.admin.person_uuid;
  const ingest = (messageId: string, daysAgo: number, from: string, to: string[]) =>
    store.emails.ingest(tenantUuid, { message_id: messageId, sent_at: TEST_START - daysAgo * DAY, from: { person_uuid: from }, to: to.map((person_uuid) => ({ person_uuid })) });
  const alone = await ingest("alone", 5, me, [zelda.uuid]);
  const shared = await ingest("shared", 4, me, [zelda.uuid, cleo.uuid]);
  await ingest("cleo", 3, me, [cleo.uuid]);
  // Cleo reaches Zelda: the administrator's path to Zelda runs through Cleo, and to Cleo through Zelda.
  await ingest("bridge", 2, cleo.uuid, [zelda.uuid]);
  await store.meetings.create(tenantUuid, { title: "Board", starts_at: TEST_START - DAY, attendees: [{ person_uuid: me }, { person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] });
  return { globex, zelda, cleo, aloneUuid: alone.email.uuid, sharedUuid: shared.email.uuid };
}

const erase = (personUuid: string, key = acme.key) => context.json(`/v1/persons/${personUuid}`, { key, method: "DELETE" });

describe("DELETE /v1/persons/{person_uuid}", () => {
  it("erases the person: 204, then 404 everywhere, gone from lists, lookups, paths and batches, and the feed shows the deleted emails", async () => {
    const { globex, zelda, cleo, aloneUuid, sharedUuid } = await zeldaAndCleo();
    // Read first, so that remembered reads and the response cache hold the person.
    expect((await context.json(`/v1/persons/${zelda.uuid}`, { key: acme.key })).status).toBe(200);
    expect((await context.json(`/v1/persons/${zelda.uuid}/recommended-paths`, { key: acme.key })).status).toBe(200);
    const pathsBefore = await context.json(`/v1/persons/${cleo.uuid}/recommended-paths`, { key: acme.key });
    expect(JSON.stringify(pathsBefore.body)).toContain(zelda.uuid);
    const companyPathsBefore = await context.json(`/v1/companies/${globex.uuid}/recommended-paths`, { key: acme.key });
    expect(JSON.stringify(companyPathsBefore.body)).toContain(zelda.uuid);
    const before = await context.json(`/v1/activity?per_page=50`, { key: acme.key });
    const lastSequence = Math.max(...before.body!.items.map((item: { sequence: number }) => item.sequence));

    const answer = await context.request(`/v1/persons/${zelda.uuid}`, { key: acme.adminKey, method: "DELETE" });
    expect(answer.status).toBe(204);
    expect(await answer.text()).toBe("");

    const after = await context.json(`/v1/persons/${zelda.uuid}`, { key: acme.key });
    expect(after).toEqual({ status: 404, body: { error: `person ${zelda.uuid} not found` } });
    expect((await context.json(`/v1/persons/${zelda.uuid}/recommended-paths`, { key: acme.key })).status).toBe(404);
    expect((await context.json(`/v1/persons/${zelda.uuid}/activity`, { key: acme.key })).status).toBe(404);
    expect((await erase(zelda.uuid)).status).toBe(404);
    // The deletions log names the uuid alone, so a copy elsewhere can be erased too.
    expect((await context.json(`/v1/deletions?entity_type=PERSON`, { key: acme.key })).body!.items).toEqual([
      { sequence: expect.any(Number), entity_type: "PERSON", uuid: zelda.uuid, deleted_at: expect.any(Number), reason: "ERASED", merged_into_uuid: null },
    ]);

    const list = await context.json(`/v1/persons?per_page=50`, { key: acme.key });
    expect(list.body!.items.map((person: { uuid: string }) => person.uuid)).not.toContain(zelda.uuid);
    const lookup = await context.json(`/v1/persons/lookup/batch`, {
      key: acme.key,
      method: "POST",
      body: { criteria: [{ email: "zelda@quintero.example" }, { domain: "quintero.example" }, { email: "cleo@globex.example" }] },
    });
    expect(lookup.body!.results.map((result: { status: string }) => result.status)).toEqual(["NOT_FOUND", "NOT_FOUND", "MATCHED"]);

    // No path to Cleo runs through Zelda any more, nor does a company path.
    const paths = await context.json(`/v1/persons/${cleo.uuid}/recommended-paths`, { key: acme.key });
    expect(JSON.stringify(paths.body)).not.toContain(zelda.uuid);
    const companyPaths = await context.json(`/v1/companies/${globex.uuid}/recommended-paths`, { key: acme.key });
    expect(JSON.stringify(companyPaths.body)).not.toContain(zelda.uuid);
    const batch = await context.json(`/v1/persons/recommended-paths/batch`, { key: acme.key, method: "POST", body: { uuids: [zelda.uuid, cleo.uuid] } });
    expect(batch.status).toBe(200);
    expect(JSON.stringify(batch.body)).not.toContain("Zelda");
    const stats = await context.json(`/v1/persons/activity-stats/batch`, { key: acme.key, method: "POST", body: { uuids: [zelda.uuid, cleo.uuid] } });
    expect(stats.body!.results[0]).toMatchObject({ entity_uuid: zelda.uuid, periods: [] });
    expect(JSON.stringify((await context.json(`/v1/persons/${cleo.uuid}`, { key: acme.key })).body)).not.toContain(zelda.uuid);

    // The feed announces the emails that went whole, and the shared one stays without her.
    const feed = await context.json(`/v1/activity?after_sequence=${lastSequence}&per_page=50`, { key: acme.key });
    const removed = feed.body!.items.filter((item: { removed: boolean }) => item.removed).map((item: { uuid: string }) => item.uuid);
    expect(removed).toContain(aloneUuid);
    expect(removed).not.toContain(sharedUuid);
    // The meeting she attended is written again, listed with the attendees that remain.
    const board = feed.body!.items.find((item: { kind: string; title: string | null }) => item.kind === "meeting" && item.title === "Board");
    expect(board).toMatchObject({ removed: false });
    expect([...board.person_uuids].sort()).toEqual([acme.admin.person_uuid, cleo.uuid].sort());
    const everything = await context.json(`/v1/activity?per_page=50`, { key: acme.key });
    expect(JSON.stringify(everything.body)).not.toContain(zelda.uuid);
  });

  it("redacts the import problems and file name quoting the person's address or name, and leaves another tenant's import alone", async () => {
    const { store } = context.services;
    const { zelda } = await zeldaAndCleo();
    const other = await buildTenant(context.services, { name: "Other" });
    const importQuoting = async (tenantUuid: string, message: string) => {
      const job = await store.importJobs.create(tenantUuid, { kind: "csv", dry_run: false, file_name: "Zelda Quintero.csv" });
      const summary = emptySummary("csv", false);
      addProblem(summary, { position: "row 12 (line 12)", message });
      await store.importJobs.finish(tenantUuid, job.uuid, { status: "succeeded", summary: { ...summary }, error: null });
      return job.uuid;
    };
    const ours = await importQuoting(acme.tenant.uuid, "address Zelda@quintero.example already belongs to Zelda Quintero");
    const theirs = await importQuoting(other.tenant.uuid, "address zelda@quintero.example already belongs to Zelda Quintero");

    expect((await erase(zelda.uuid)).status).toBe(204);

    const jobOf = async (importUuid: string, key: string) => (await context.json(`/v1/imports/${importUuid}`, { key })).body!;
    expect(await jobOf(ours, acme.key)).toMatchObject({
      file_name: "[erased].csv",
      summary: { problems: { first: [{ position: "row 12 (line 12)", message: "address [erased] already belongs to [erased]" }] } },
    });
    expect(await jobOf(theirs, other.key)).toMatchObject({
      file_name: "Zelda Quintero.csv",
      summary: { problems: { first: [{ position: "row 12 (line 12)", message: "address zelda@quintero.example already belongs to Zelda Quintero" }] } },
    });
  });

  it("is for administrators and tenant-wide keys: a member gets 403 and nothing is erased", async () => {
    const { zelda } = await zeldaAndCleo();
    const refused = await erase(zelda.uuid, acme.memberKey);
    expect(refused).toEqual({ status: 403, body: { error: "only an administrator may erase a person" } });
    expect((await context.json(`/v1/persons/${zelda.uuid}`, { key: acme.key })).status).toBe(200);
    expect((await erase(zelda.uuid, acme.key)).status).toBe(204);
  });

  it("answers 404 for another tenant's person and erases nothing; 409 for an active user's own person", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const { zelda } = await zeldaAndCleo(other);
    const snapshot = databaseSnapshotBesideUsage(context.databasePath);
    expect(await erase(zelda.uuid)).toEqual({ status: 404, body: { error: `person ${zelda.uuid} not found` } });
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(snapshot);
    expect((await context.json(`/v1/persons/${zelda.uuid}`, { key: other.key })).status).toBe(200);

    const own = await erase(acme.member.person_uuid);
    expect(own).toEqual({
      status: 409,
      body: {
        error: `person ${acme.member.person_uuid} is active user ${acme.member.uuid}'s own person: deactivate the user first (rapport users deactivate), then erase the person`,
      },
    });
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(snapshot);
    expect((await erase("not-a-uuid")).status).toBe(400);
  });

  it("erases a deactivated user's own person; their account stays in the users list and on their records, with nothing personal", async () => {
    const { store } = context.services;
    const { member } = acme;
    const { zelda } = await zeldaAndCleo();
    const type = await store.opportunityTypes.create({ tenant_uuid: acme.tenant.uuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: acme.tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const deal = await store.opportunities.create(
      { tenant_uuid: acme.tenant.uuid, name: "Mike's deal", type_uuid: type.uuid, stage_uuid: stage.uuid, owner_user_uuid: member.uuid },
      { user_uuid: null },
    );
    await store.emails.ingest(acme.tenant.uuid, { message_id: "mike", sent_at: TEST_START - DAY, from: { person_uuid: member.person_uuid }, to: [{ person_uuid: zelda.uuid }] });
    await store.users.deactivate(acme.tenant.uuid, member.uuid);

    expect((await erase(member.person_uuid)).status).toBe(204);

    expect((await context.json(`/v1/persons/${member.person_uuid}`, { key: acme.key })).status).toBe(404);
    const users = await context.json(`/v1/users`, { key: acme.key });
    const account = users.body!.items.find((user: { uuid: string }) => user.uuid === member.uuid);
    expect(account).toMatchObject({ uuid: member.uuid, person_uuid: member.person_uuid, name: "[erased]", email: `${member.uuid}@erased.invalid`, is_active: false });
    expect(JSON.stringify(users.body)).not.toContain(member.email);
    expect(JSON.stringify(users.body)).not.toContain("Mike");
    const owned = await context.json(`/v1/opportunities/${deal.uuid}`, { key: acme.key });
    expect(owned.body!.owner).toMatchObject({ uuid: member.uuid, name: "[erased]" });
    // The account's keys are revoked: no longer a key at all, not merely a deactivated user's.
    expect((await context.json(`/v1/persons/${zelda.uuid}`, { key: acme.memberKey })).status).toBe(401);
    expect((await context.json(`/v1/deletions?entity_type=PERSON`, { key: acme.key })).body!.items.map((item: { uuid: string }) => item.uuid)).toEqual([member.person_uuid]);
  });

  it("is an MCP tool marked destructive whose call erases the person", async () => {
    const { zelda } = await zeldaAndCleo();
    const post = async (body: unknown) => {
      const response = await context.app.request("/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
          "x-api-key": acme.key,
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return JSON.parse(text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6)) as { result: Record<string, any> };
    };
    const listed = await post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const tool = listed.result.tools.find((candidate: { name: string }) => candidate.name === "erasePerson");
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tool.description).toContain("GET /v1/activity (tool listActivity) lists it with removed: true");
    expect(tool.description).toContain("listed by GET /v1/deletions (tool listDeletions) with reason ERASED");
    const called = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "erasePerson", arguments: { person_uuid: zelda.uuid } } });
    expect(called.result.isError).toBeUndefined();
    expect((await context.json(`/v1/persons/${zelda.uuid}`, { key: acme.key })).status).toBe(404);
    const again = await post({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "erasePerson", arguments: { person_uuid: zelda.uuid } } });
    expect(again.result.isError).toBe(true);
  });
});
