/** The store's calls refuse a field they do not take (a misspelt filter, input field or option) and a field of the wrong type, writing nothing. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { untyped } from "../testing/refused-writes.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-unknown-fields-"));
const path = join(folder, "rapport.db");
let store: Store;
let tenantUuid = "";
let adaUuid = "";
let companyUuid = "";
let stageUuid = "";
let observer: SqliteDatabase.Database;
/** Moves when the store commits anything (read on a connection of its own). */
const dataVersion = () => observer.pragma("data_version", { simple: true }) as number;
const page = { position: { kind: "offset", offset: 0 }, limit: 10 };
const viewer = { user_uuid: null };

beforeAll(async () => {
  store = await createSqliteStore({ path });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  companyUuid = (await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" })).uuid;
  adaUuid = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Lovelace", primary_company_uuid: companyUuid })).uuid;
  await store.persons.create({ tenant_uuid: tenantUuid, name: "Grace Hopper" });
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  stageUuid = (await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" })).uuid;
  await store.nameSearch.catchUp(tenantUuid);
  observer = new SqliteDatabase(path, { readonly: true });
});
afterAll(async () => {
  observer.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Expects `repository.name(...args)` to reject with an InvalidInputError saying `message` (all of it), having written nothing. */
async function expectRefused(repository: string, name: string, args: unknown[], message: string | RegExp): Promise<void> {
  const before = dataVersion();
  const members = (store as unknown as Record<string, Record<string, unknown>>)[repository]!;
  const error = await Promise.resolve()
    .then(() => untyped(members[name]).apply(members, args))
    .then(
      () => expect.fail(`${repository}.${name} answered`),
      (reason: unknown) => reason,
    );
  expect(error).toBeInstanceOf(InvalidInputError);
  if (typeof message === "string") expect((error as Error).message).toBe(message);
  else expect((error as Error).message).toMatch(message);
  expect(dataVersion()).toBe(before);
}

describe("a misspelt filter", () => {
  it("is refused, naming the call, the field and the filters the list takes, where it listed everyone", async () => {
    const listed = await store.persons.list(tenantUuid, { ...page, filters: {}, sort_by: "name", order: "asc" } as never);
    expect(listed.rows).toHaveLength(2);
    await expectRefused(
      "persons",
      "list",
      [tenantUuid, { ...page, filters: { modifed_since: Date.now() }, sort_by: "name", order: "asc" }],
      'persons.list: unknown field "request.filters.modifed_since" (request.filters takes uuids, modified_since, name, company_uuid, city, country_spellings, state_spellings, state_codes)',
    );
    await expectRefused(
      "persons",
      "list",
      [tenantUuid, { ...page, filters: { compnay_uuid: companyUuid }, sort_by: "name", order: "asc" }],
      'persons.list: unknown field "request.filters.compnay_uuid" (request.filters takes uuids, modified_since, name, company_uuid, city, country_spellings, state_spellings, state_codes)',
    );
  });

  it("is refused in every list's request and in a nested filter, and several are named and counted", async () => {
    await expectRefused(
      "opportunities",
      "list",
      [tenantUuid, { ...page, filters: { updated_since: 1 }, order: "asc", viewer }],
      'opportunities.list: unknown field "request.filters.updated_since" (request.filters takes name, search, type_uuid, stage_uuid, stage_uuids, ' +
        "owner_user_uuids, include_no_owner, has_owner, intro_person_uuid, related_company_uuid, related_person_uuid, parent_uuid, hierarchy_type, " +
        "company_uuids, person_uuids, location, value_from, value_to, probability_from, probability_to, updated_after, updated_before, source_date, " +
        "close_date, last_activity)",
    );
    await expectRefused(
      "opportunities",
      "list",
      [tenantUuid, { ...page, filters: { location: { country: "FR" } }, order: "asc", viewer }],
      'opportunities.list: unknown field "request.filters.location.country" (request.filters.location takes city, states, state_codes, countries)',
    );
    await expectRefused(
      "tasks",
      "list",
      [tenantUuid, { ...page, filters: {}, order: "desc", viewer: { user_uuid: null, role: "admin" } }],
      'tasks.list: unknown field "request.viewer.role" (request.viewer takes user_uuid)',
    );
    await expectRefused(
      "users",
      "list",
      [tenantUuid, { ...page, order: "asc", a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }],
      'users.list: unknown fields "request.a", "request.b", "request.c", "request.d", "request.e" and 2 more (request takes position, limit, sort_by, order, updated_after)',
    );
  });
});

describe("a misspelt input field", () => {
  it("is refused with nothing written, where it was dropped", async () => {
    await expectRefused(
      "persons",
      "create",
      [{ tenant_uuid: tenantUuid, name: "Edsger", job_tilte: "Professor" }],
      /^persons\.create: unknown field "job_tilte" \(input takes tenant_uuid, first_name, last_name, name, emails, job_title, /,
    );
    await expectRefused(
      "persons",
      "update",
      [tenantUuid, adaUuid, { job_tilte: "Countess" }],
      /^persons\.update: unknown field "job_tilte" \(changes takes first_name, last_name, name, emails, job_title, /,
    );
    await expectRefused(
      "companies",
      "update",
      [tenantUuid, companyUuid, { compnay_name: "Initrode" }],
      /^companies\.update: unknown field "compnay_name" \(changes takes company_name, domain, /,
    );
    await expectRefused(
      "opportunities",
      "create",
      [{ tenant_uuid: tenantUuid, name: "Seed", stage_uuid: stageUuid, valeu: 100 }, viewer],
      /^opportunities\.create: unknown field "valeu" \(input takes /,
    );
    await expectRefused(
      "meetings",
      "create",
      [tenantUuid, { title: "Lunch", starts_at: 1_700_000_000_000, attendees: [{ person_uuid: adaUuid, respone: "accepted" }] }],
      /^meetings\.create: unknown field "attendees\[0\]\.respone" \(attendees\[0\] takes person_uuid, email, name, response\)$/,
    );
    await expectRefused(
      "meetings",
      "create",
      [tenantUuid, { title: "Lunch", starts_at: 1_700_000_000_000, attendees: [] }, { refuseRepeatedAttendee: true }],
      'meetings.create: unknown field "options.refuseRepeatedAttendee" (options takes refuseRepeatedAttendees)',
    );
    await expectRefused(
      "tasks",
      "create",
      [{ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE", associations: [{ type: "PERSON", entity_uuid: adaUuid }] }, viewer],
      'tasks.create: unknown field "associations[0].type" (associations[0] takes entity_type, entity_uuid, context)',
    );
    const ada = await store.persons.get(tenantUuid, adaUuid);
    expect(ada?.job_title).toBeNull();
  });

  it("is refused inside a transaction, and the transaction's other writes roll back with it", async () => {
    const before = dataVersion();
    const transaction = store.transaction(async (inside) => {
      await inside.persons.update(tenantUuid, adaUuid, { job_title: "Countess" });
      return untyped(inside.persons.create)({ tenant_uuid: tenantUuid, nmae: "Edsger" });
    });
    await expect(transaction).rejects.toThrow(/^persons\.create: unknown field "nmae" /);
    expect(dataVersion()).toBe(before);
    expect((await store.persons.get(tenantUuid, adaUuid))?.job_title).toBeNull();
  });
});

describe("an input field of the wrong type", () => {
  it("is refused, naming the field and quoting the value, where only some fields' types were checked", async () => {
    await expectRefused(
      "opportunities",
      "create",
      [{ tenant_uuid: tenantUuid, name: "Seed", stage_uuid: stageUuid, value: "100" }, viewer],
      'opportunities.create: "value" must be a number; got "100"',
    );
    await expectRefused("persons", "create", [{ tenant_uuid: tenantUuid, name: "Edsger", tags: "vip" }], 'persons.create: "tags" must be an array; got "vip"');
    await expectRefused(
      "persons",
      "update",
      [tenantUuid, adaUuid, { affiliations: [{ company_uuid: companyUuid, is_current: "yes" }] }],
      'persons.update: "affiliations[0].is_current" must be true or false; got "yes"',
    );
    await expectRefused(
      "companies",
      "create",
      [{ tenant_uuid: tenantUuid, company_name: "Hooli", score: "high" }],
      'companies.create: "score" must be a number; got "high"',
    );
    await expectRefused(
      "meetings",
      "create",
      [tenantUuid, { title: "Lunch", starts_at: "tomorrow", attendees: [] }],
      'meetings.create: "starts_at" must be a number; got "tomorrow"',
    );
    await expectRefused(
      "tasks",
      "update",
      [tenantUuid, adaUuid, { status: "done" }, viewer],
      'tasks.update: "status" must be one of OPEN, IN_PROGRESS, DONE, CANCELLED; got "done"',
    );
    await expectRefused(
      "tasks",
      "create",
      [{ tenant_uuid: tenantUuid, title: "Call" }, viewer],
      'tasks.create: "scope" is required (one of PERSONAL, WORKSPACE)',
    );
    await expectRefused("notes", "create", [{ tenant_uuid: tenantUuid, content: 42 }, viewer], 'notes.create: "content" must be a string; got 42');
  });

  it("takes every field the types name, as before", async () => {
    const person = await store.persons.create({
      tenant_uuid: tenantUuid,
      first_name: "Edsger",
      last_name: "Dijkstra",
      emails: ["edsger@example.com", { address: "ewd@example.com", is_primary: false }],
      job_title: "Professor",
      tags: ["vip"],
      city: null,
      affiliations: [{ company_uuid: companyUuid, title: "Fellow", is_current: true, started_on: "1970-01-01" }],
    });
    expect(person.job_title).toBe("Professor");
    const company = await store.companies.update(tenantUuid, companyUuid, { score: 3, investor_types: ["angel"], website: "initech.example" });
    expect(company?.score).toBe(3);
  });
});

describe("the two calls that took any field", () => {
  it("apiKeys.noteUse refuses a field no key record has, and takes a key as the store answers it (created, found, listed)", async () => {
    const created = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: null, key_hash: "noted-hash", key_prefix: "pk_noted" });
    await expectRefused(
      "apiKeys",
      "noteUse",
      [{ uuid: created.uuid, tenantUuid }, "rest"],
      /^apiKeys\.noteUse: unknown field "key\.tenantUuid" \(key takes uuid, tenant_uuid, user_uuid, key_prefix, /,
    );
    expect(() => untyped(store.apiKeys.noteUse)({ ...created, key_hash: "noted-hash" }, "rest")).toThrow(
      /^apiKeys\.noteUse: unknown field "key\.key_hash" \(key takes uuid, tenant_uuid, /,
    );
    const found = await store.apiKeys.findActiveByHash("noted-hash");
    store.apiKeys.noteUse(found!.key, "rest");
    store.apiKeys.noteUse({ uuid: created.uuid, tenant_uuid: tenantUuid }, "mcp");
    const listed = (await store.apiKeys.list(tenantUuid)).find((key) => key.uuid === created.uuid)!;
    expect(listed.last_used_via).toBe("mcp");
    store.apiKeys.noteUse(listed, "rest");
    expect((await store.apiKeys.list(tenantUuid)).find((key) => key.uuid === created.uuid)!.last_used_via).toBe("rest");
  });

  it("emails.ingestMany answers ERROR for an item with a field ingest does not take, in ingest's words, and stores the others", async () => {
    const item = { message_id: "<batch-1@initech.example>", sent_at: 1_700_000_000_000, from: { email: "ada@initech.example" }, to: [{ email: "grace@initech.example" }] };
    const refusal = 'emails.ingest: unknown field "subjct" (input takes message_id, sent_at, subject, from, to, cc)';
    await expectRefused("emails", "ingest", [tenantUuid, { ...item, subjct: "Hi" }], refusal);
    const before = dataVersion();
    const results = (await untyped(store.emails.ingestMany)(tenantUuid, [
      { ...item, subjct: "Hi" },
      { ...item, message_id: "<batch-2@initech.example>", to: [{ email: "grace@initech.example", nmae: "Grace" }] },
      { ...item, message_id: "<batch-3@initech.example>", sent_at: "yesterday" },
      { ...item, message_id: "<batch-4@initech.example>" },
    ])) as Array<{ status: string; error?: Error }>;
    expect(results.map((result) => [result.status, result.error?.message])).toEqual([
      ["ERROR", refusal],
      ["ERROR", 'emails.ingest: unknown field "to[0].nmae" (to[0] takes person_uuid, email, name)'],
      ["ERROR", 'emails.ingest: "sent_at" must be a number; got "yesterday"'],
      ["CREATED", undefined],
    ]);
    expect(dataVersion()).not.toBe(before);
    expect(await store.emails.get(tenantUuid, "<batch-1@initech.example>")).toBeNull();
    expect(await store.emails.get(tenantUuid, "<batch-2@initech.example>")).toBeNull();
    expect(await store.emails.get(tenantUuid, "<batch-4@initech.example>")).not.toBeNull();
  });
});
