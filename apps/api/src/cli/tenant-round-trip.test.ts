/**
 * A tenant moved whole: exported from one server and imported into another, every read the API has answers there
 * byte for byte as it did before the move (ids, times, scores, orders), called by the tenant-wide key, an
 * administrator and a member; and what the store remembers beside the answers (which export set a person's job, a
 * name only derived from an address) goes with it, so the next import treats the moved tenant as it would have.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importArchive } from "../imports/import-archive.js";
import { csvFile } from "../imports/testing/archive-builders.js";
import { importRequest } from "../imports/testing/import-test-bed.js";
import { changesNothing, type AnyOperation } from "../operations/operation.js";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { operations } from "../routes/operations.js";
import { DEMO_TENANT_UUID, demoUuid } from "../demo/demo-ids.js";
import { seedDemoTenant } from "../demo/seed-demo-tenant.js";
import { callWithIds, urlOf } from "../testing/foreign-record-calls.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";

let folder: string;
let source: TestContext;
let target: TestContext;
let moving: PopulatedTenant;
/** The moved tenant's keys before and after: the tenant's, its administrator's, its member's. */
let keys: KeyPair[];
/** The demo tenant's, moved too: the tenant's key and its administrator's. */
let demoKeys: KeyPair[];
/** The path ids of the records `writeThroughTheApi` wrote (a merge's survivors, a person named from an address). */
let extraIds: Record<string, string>;

/** Writes through the API what a tenant's months of use leave: merges, an erasure, personal tasks, a meeting left. */
async function writeThroughTheApi(context: TestContext, tenant: PopulatedTenant): Promise<Record<string, string>> {
  const call = async (path: string, method: string, body?: unknown, key = tenant.adminKey) => {
    const answer = await context.json(path, { key, method, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body!;
  };
  context.clock.advance(60_000);
  const kept = await call("/v1/persons", "POST", { first_name: "Kim", last_name: "Kept", emails: ["kim@kept.example", "kim.k@kept.example"], job_title: "CTO" });
  context.clock.advance(1_000);
  const duplicate = await call("/v1/persons", "POST", { first_name: "Kim", last_name: "Kept", emails: ["kimk@other.example"], city: "Lyon" });
  context.clock.advance(1_000);
  await call(`/v1/persons/${kept.uuid}/merge`, "POST", { superseded_person_uuid: duplicate.uuid });
  const company = await call("/v1/companies", "POST", { company_name: "Northwind", domain: "northwind.example" });
  const companyDuplicate = await call("/v1/companies", "POST", { company_name: "Northwind Robotics", domain: "northwind-robotics.example" });
  context.clock.advance(1_000);
  await call(`/v1/companies/${company.uuid}`, "PUT", { domain: "northwind.example.com" });
  context.clock.advance(1_000);
  await call(`/v1/companies/${company.uuid}/merge`, "POST", { superseded_company_uuid: companyDuplicate.uuid });
  await call(`/v1/persons/${kept.uuid}`, "PUT", { primary_company_uuid: company.uuid });
  const erased = await call("/v1/persons", "POST", { first_name: "Erin", last_name: "Erased", emails: ["erin@erased.example"] });
  context.clock.advance(1_000);
  await call(`/v1/persons/${erased.uuid}`, "DELETE");
  await call("/v1/tasks", "POST", { title: "Mike's own task", scope: "PERSONAL" }, tenant.memberKey);
  const gone = await call("/v1/tasks", "POST", { title: "Mike's task done with", scope: "PERSONAL" }, tenant.memberKey);
  context.clock.advance(1_000);
  await call(`/v1/tasks/${gone.uuid}`, "DELETE", undefined, tenant.memberKey);
  // A stranger's bare address: named from it until mail gives a name.
  await call("/v1/emails/batch", "POST", {
    messages: [{ message_id: "<stranger@mail.example>", sent_at: "2026-11-10T09:30:00Z", subject: "Hello", from: "stranger@elsewhere.example", to: [tenant.admin.email] }],
  });
  const stranger = ((await call("/v1/persons/lookup/batch", "POST", { criteria: [{ email: "stranger@elsewhere.example" }] })).results as Array<{ matches: Array<{ uuid: string }> }>)[0]!.matches[0]!;
  const meeting = await call("/v1/meetings", "POST", {
    title: "Board meeting",
    starts_at: "2026-11-12T10:00:00Z",
    attendees: [tenant.admin.email, "kim@kept.example", "stranger@elsewhere.example"],
  });
  context.clock.advance(1_000);
  // The stranger taken off the meeting: their feed lists it as removed for them.
  await call(`/v1/meetings/${meeting.uuid}`, "PUT", { attendees: [tenant.admin.email, "kim@kept.example"] });
  context.clock.advance(1_000);
  return { ...tenant.pathIds, person_uuid: kept.uuid, entity_uuid: kept.uuid, company_uuid: company.uuid, meeting_uuid: meeting.uuid, departed_uuid: stranger.uuid };
}

const CONNECTIONS_HEADER = ["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"];
const connections = (company: string, title: string) =>
  csvFile([CONNECTIONS_HEADER, ["Ana", "Silva", "https://www.linkedin.com/in/anasilva", "", company, title, "12 Oct 2026"]]);

async function importConnections(context: TestContext, tenantUuid: string, name: string, content: string) {
  const path = join(folder, name);
  writeFileSync(path, content);
  return importArchive({ store: context.services.store, tenantUuid, input: { path }, request: importRequest("csv") });
}

/** Exports the tenant from the source server and imports it on the target; its keys there, one per key of `before`. */
async function moveTenant(tenantUuid: string, before: Array<{ key: string; userUuid: string | null }>): Promise<KeyPair[]> {
  const exported = join(folder, tenantUuid);
  expect((await runRapportInProcess(source.databasePath, "tenants", "export", "--tenant", tenantUuid, "--out", exported)).code).toBe(0);
  // The import computes the opportunities' activity dates at its time: the servers' test time, not the machine's.
  vi.useFakeTimers({ toFake: ["Date"], now: source.clock.now() });
  const imported = await runRapportInProcess(target.databasePath, "tenants", "import", "--from", exported).finally(() => vi.useRealTimers());
  expect(imported.code, imported.stderr).toBe(0);
  const pairs: KeyPair[] = [];
  for (const { key, userUuid } of before) pairs.push([key, (await issueApiKey(target.services.store, { tenantUuid, ...(userUuid ? { userUuid } : {}) })).plaintext]);
  return pairs;
}

/** A key of the tenant on the source server and its counterpart on the target. */
type KeyPair = readonly [before: string, after: string];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "rapport-round-trip-"));
  source = await createTestContext();
  moving = await buildPopulatedTenant(source.services, "Moving");
  const tenantUuid = moving.tenant.uuid;
  await importConnections(source, tenantUuid, "old.csv", connections("Acme Inc.", "Sales Manager"));
  extraIds = await writeThroughTheApi(source, moving);
  await seedDemoTenant(source.databasePath, () => source.clock.now());
  const demoAdmin = demoUuid("user-avery");
  const demoSourceKeys = [
    { key: (await issueApiKey(source.services.store, { tenantUuid: DEMO_TENANT_UUID })).plaintext, userUuid: null },
    { key: (await issueApiKey(source.services.store, { tenantUuid: DEMO_TENANT_UUID, userUuid: demoAdmin })).plaintext, userUuid: demoAdmin },
  ];

  mkdirSync(join(folder, "target"));
  target = await createTestContext({ databasePath: migratedDatabaseAt(join(folder, "target", "rapport.db")) });
  keys = await moveTenant(tenantUuid, [
    { key: moving.key, userUuid: null },
    { key: moving.adminKey, userUuid: moving.admin.uuid },
    { key: moving.memberKey, userUuid: moving.member.uuid },
  ]);
  demoKeys = await moveTenant(DEMO_TENANT_UUID, demoSourceKeys);
  // The scores decay with time: both servers read them at one instant.
  target.clock.set(source.clock.now());
}, 60_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Reads of what an export leaves out on purpose (docs/api-decisions.md, Tenant export), with why. */
const LEFT_OUT: Readonly<Record<string, string>> = {
  getImport: "the imports run on a server are its own history (import_jobs): the new server has run none",
};

const reads = operations.filter((operation) => changesNothing(operation) && !(operation.operationId in LEFT_OUT));

/** Calls the read with `ids` with each pair of keys, before the move and after: one answer. */
async function expectTheSame(operation: AnyOperation, ids: Record<string, string>, pairs: readonly KeyPair[]): Promise<void> {
  const call = callWithIds(operation, ids);
  await expectSameAnswers(urlOf(operation, call), pairs, { method: operation.method.toUpperCase(), body: call.body });
}

/** The lists a tenant's copy is made of, read whole (a page of 50, the most, holds each of these tenants' lists). */
const WHOLE_LISTS = ["/v1/persons", "/v1/companies", "/v1/relationships", "/v1/activity", "/v1/emails", "/v1/meetings", "/v1/opportunities", "/v1/deletions", "/v1/lists", "/v1/users", "/v1/tasks", "/v1/notes"];

/** Reads each of `WHOLE_LISTS` before the move and after: one answer, each a whole list (no page after it). */
async function expectSameWholeLists(pairs: readonly KeyPair[]): Promise<void> {
  for (const path of WHOLE_LISTS) {
    expect((await source.json(`${path}?per_page=50`, { key: pairs[0]![0] })).body!.has_more, path).toBe(false);
    await expectSameAnswers(`${path}?per_page=50`, pairs);
  }
}

/** Sends the request with each pair of keys, before the move and after, and expects one answer, byte for byte. */
async function expectSameAnswers(url: string, pairs: readonly KeyPair[], { method = "GET", body }: { method?: string; body?: unknown } = {}): Promise<void> {
  const answer = (context: TestContext, key: string) =>
    context.request(url, { key, method, body }).then(async (response) => ({ status: response.status, type: response.headers.get("content-type"), text: await response.text() }));
  for (const [before, after] of pairs) {
    // A second apart, on both servers' clocks alike: no key reaches its tier's limit per second.
    for (const context of [source, target]) context.clock.advance(1_000);
    const [old, moved] = await Promise.all([answer(source, before), answer(target, after)]);
    // Parsed first, for a readable difference; then byte for byte (the order of the fields too).
    const parsed = ({ status, type, text }: typeof old) => ({ status, body: type?.startsWith("application/json") ? (JSON.parse(text) as unknown) : text });
    expect.soft(parsed(moved), `${method} ${url}`).toEqual(parsed(old));
    expect.soft(moved, `${method} ${url}`).toEqual(old);
  }
}

describe("a tenant exported and imported on another server", { timeout: 30_000 }, () => {
  it.each(reads.map((operation) => [operation.operationId, operation] as const))("answers %s there as before", async (_id, operation) => {
    for (const ids of [moving.pathIds, extraIds]) await expectTheSame(operation, ids, keys);
  });

  it("answers its whole lists there as before: the feed, the deletions log, persons, companies, meetings", async () => {
    await expectSameWholeLists(keys);
    for (const uuid of [moving.pathIds.person_uuid!, extraIds.person_uuid!, extraIds.departed_uuid!]) await expectSameAnswers(`/v1/persons/${uuid}/activity?per_page=50`, keys);
    // The feed of a person taken off a meeting lists it as removed for them.
    const departed = `/v1/activity?person_uuid=${extraIds.departed_uuid}&per_page=50`;
    expect((await source.json(departed, { key: moving.key })).body!.items).toContainEqual(expect.objectContaining({ kind: "meeting", uuid: extraIds.meeting_uuid, removed: true }));
    await expectSameAnswers(departed, keys);
  });

  it("keeps which export set a person's job: a newer LinkedIn export moves it on there", async () => {
    const tenantUuid = moving.tenant.uuid;
    const newer = connections("Umbrella Corp", "VP Sales");
    const [before, after] = [await importConnections(source, tenantUuid, "new.csv", newer), await importConnections(target, tenantUuid, "new.csv", newer)];
    expect(after.persons).toEqual(before.persons);
    expect(before.persons.jobs_updated).toBe(1);
  });

  it("keeps a name only derived from an address: the first mail giving a real name names the person there", async () => {
    const mail = (context: TestContext) =>
      context.json("/v1/emails/batch", {
        key: context === source ? keys[1]![0] : keys[1]![1],
        method: "POST",
        body: { messages: [{ message_id: "<named@mail.example>", sent_at: "2026-11-20T09:30:00Z", subject: "Re: Hello", from: "Sam Stranger <stranger@elsewhere.example>", to: [moving.admin.email] }] },
      });
    const named = async (context: TestContext) => {
      const key = context === source ? keys[1]![0] : keys[1]![1];
      const found = await context.json("/v1/persons/lookup/batch", { key, method: "POST", body: { criteria: [{ email: "stranger@elsewhere.example" }] } });
      return JSON.stringify(found.body);
    };
    expect((await mail(source)).status).toBe(200);
    expect((await mail(target)).status).toBe(200);
    expect(await named(source)).toContain('"name":"Sam Stranger"');
    expect(await named(target)).toBe(await named(source));
  });

  it("answers the demo tenant's every list, whole, and each of its persons' and companies' reads there as before", async () => {
    const [[tenantKey]] = demoKeys as [KeyPair];
    const items = async (path: string) => ((await source.json(path, { key: tenantKey })).body!.items as Array<Record<string, string>>) ?? [];
    const persons = await items("/v1/persons?per_page=50");
    const companies = await items("/v1/companies?per_page=50");
    const first = async (path: string) => (await items(path))[0]?.uuid ?? "00000000-0000-4000-8000-000000000000";
    const type = await first("/v1/opportunity-types");
    const ids: Record<string, string> = {
      person_uuid: persons[0]!.uuid!,
      entity_uuid: persons[0]!.uuid!,
      company_uuid: companies[0]!.uuid!,
      user_uuid: demoUuid("user-avery"),
      meeting_uuid: await first("/v1/meetings"),
      email_uuid: await first("/v1/emails"),
      list_uuid: await first("/v1/lists"),
      type_uuid: type,
      stage_uuid: await first(`/v1/opportunity-types/${type}/stages`),
      field_uuid: await first("/v1/opportunity-custom-fields"),
      opportunity_uuid: await first("/v1/opportunities"),
      note_uuid: await first("/v1/notes"),
      task_id: await first("/v1/tasks"),
      file_uuid: "00000000-0000-4000-8000-000000000000",
      import_uuid: "00000000-0000-4000-8000-000000000000",
    };
    for (const operation of reads) await expectTheSame(operation, ids, demoKeys);
    await expectSameWholeLists(demoKeys);
    for (const { uuid } of persons) await expectSameAnswers(`/v1/persons/${uuid}/recommended-paths`, demoKeys);
    for (const { uuid } of companies) await expectSameAnswers(`/v1/companies/${uuid}/recommended-paths`, demoKeys);
    await expectSameAnswers(`/v1/pathpower/scores?entity=person&uuids=${persons.map((person) => person.uuid).join(",")}`, demoKeys);
  });

  it("keeps its erasures and history horizons there: an erased address is refused, and a poll from before the prune, as before", async () => {
    const pruned = await buildPopulatedTenant(source.services, "Pruned");
    const tenantUuid = pruned.tenant.uuid;
    const call = async (path: string, method: string, body?: unknown) => {
      const answer = await source.json(path, { key: pruned.adminKey, method, body });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      return answer.body!;
    };
    const gone = await call("/v1/meetings", "POST", { title: "Cancelled offsite", starts_at: "2026-11-14T10:00:00Z", attendees: [pruned.admin.email] });
    source.clock.advance(1_000);
    await call(`/v1/meetings/${gone.uuid}`, "DELETE");
    const erin = await call("/v1/persons", "POST", { first_name: "Erin", last_name: "Erased", emails: ["erin@pruned.example"], linkedin_url: "https://www.linkedin.com/in/erin-pruned" });
    source.clock.advance(1_000);
    await call(`/v1/persons/${erin.uuid}`, "DELETE");
    source.clock.advance(1_000);
    // The retention prunes the deleted meeting's feed entry (the feed's newest) and the whole deletions log.
    const prunedLogs = await source.services.store.history.prune({ olderThan: source.clock.now(), tenantUuid });
    expect(prunedLogs.map((result) => result.log)).toEqual(["activity_feed", "record_deletions"]);
    const pairs = await moveTenant(tenantUuid, [{ key: pruned.adminKey, userUuid: pruned.admin.uuid }]);
    target.clock.set(source.clock.now());

    for (const path of ["/v1/activity?after_sequence=0", "/v1/deletions?after_sequence=0"]) {
      expect((await source.json(path, { key: pruned.adminKey })).status, path).toBe(410);
      await expectSameAnswers(path, pairs);
    }
    for (const body of [{ first_name: "Erin", emails: ["erin@pruned.example"] }, { first_name: "Erin", linkedin_url: "https://www.linkedin.com/in/erin-pruned" }]) {
      expect((await source.json("/v1/persons", { key: pruned.adminKey, method: "POST", body })).status).toBe(409);
      await expectSameAnswers("/v1/persons", pairs, { method: "POST", body });
    }
  });
});
