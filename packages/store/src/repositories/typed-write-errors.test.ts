/** Bad input that only a database constraint would catch fails with the store's own errors, and writes nothing. */
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { migrateToLatest } from "../sqlite/migrate-to-latest.js";
import type { Database } from "../database-schema.js";
import { Kysely, SqliteDialect } from "kysely";
import { untyped } from "../testing/refused-writes.js";
import { withTypedWriteErrors } from "./typed-write-errors.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-typed-errors-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const UNKNOWN_TENANT = "00000000-0000-4000-8000-000000000000";
const viewer = { user_uuid: null };
const TABLES = ["tenants", "users", "persons", "person_emails", "companies", "emails", "meetings", "entity_lists", "api_keys", "import_jobs", "opportunity_types", "tasks", "notes"];

/** Every main create and ingest, aimed at the tenant given. */
const writes: Array<[string, (store: Store, tenantUuid: string) => Promise<unknown>]> = [
  ["persons.create", (store, tenantUuid) => store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@acme.example"] })],
  ["companies.create", (store, tenantUuid) => store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" })],
  ["users.create", (store, tenantUuid) => store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" })],
  ["emails.ingest", (store, tenantUuid) => store.emails.ingest(tenantUuid, { message_id: "m1", sent_at: 1, from: { email: "ada@acme.example" }, to: [{ email: "ben@globex.example" }] })],
  ["emails.ingestMany", (store, tenantUuid) => store.emails.ingestMany(tenantUuid, [{ message_id: "m1", sent_at: 1, from: { email: "ada@acme.example" } }])],
  ["meetings.create", (store, tenantUuid) => store.meetings.create(tenantUuid, { title: "Intro", starts_at: 1, attendees: [{ email: "ada@acme.example" }] })],
  ["entityLists.create", (store, tenantUuid) => store.entityLists.create({ tenant_uuid: tenantUuid, name: "Leads", kind: "persons", owner_user_uuid: null })],
  ["apiKeys.create", (store, tenantUuid) => store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: null, key_hash: "hash", key_prefix: "pk_1" })],
  ["importJobs.create", (store, tenantUuid) => store.importJobs.create(tenantUuid, { kind: "csv", dry_run: false })],
  ["opportunityTypes.create", (store, tenantUuid) => store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" })],
  ["tasks.create", (store, tenantUuid) => store.tasks.create({ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE" }, viewer)],
  ["notes.create", (store, tenantUuid) => store.notes.create({ tenant_uuid: tenantUuid, content: "Met at the fair" }, viewer)],
];

describe("typed write errors", () => {
  let store: Store;
  let tenantUuid: string;
  let rowCounts: () => Record<string, number>;
  let path: string;
  beforeEach(async () => {
    path = join(folder, `${crypto.randomUUID()}.db`);
    store = await createSqliteStore({ path });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    rowCounts = () => {
      const reader = new SqliteDatabase(path, { readonly: true });
      try {
        return Object.fromEntries(TABLES.map((table) => [table, (reader.prepare(`select count(*) as rows from ${table}`).get() as { rows: number }).rows]));
      } finally {
        reader.close();
      }
    };
  });
  afterEach(() => store.close());

  it.each(writes)("%s with an unknown tenant is a NotFoundError naming the tenant, and writes nothing", async (operation, write) => {
    const before = rowCounts();
    const refusal = write(store, UNKNOWN_TENANT);
    await expect(refusal).rejects.toThrow(NotFoundError);
    await expect(refusal).rejects.toThrow(`${operation}: tenant ${UNKNOWN_TENANT} not found`);
    expect(rowCounts()).toEqual(before);
  });

  it.each(writes)("%s with a deleted tenant is the same NotFoundError as an unknown tenant's, and writes nothing", async (operation, write) => {
    await store.tenants.delete(tenantUuid);
    const before = rowCounts();
    const refusal = write(store, tenantUuid);
    await expect(refusal).rejects.toThrow(NotFoundError);
    await expect(refusal).rejects.toThrow(`${operation}: tenant ${tenantUuid} not found`);
    expect(rowCounts()).toEqual(before);
  });

  it("a deleted tenant's records take no update, from this store or another connection, and stay readable", async () => {
    const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@acme.example"] });
    await store.tenants.delete(tenantUuid);
    await expect(store.persons.update(tenantUuid, ada.uuid, { name: "Ada Park" })).rejects.toThrow(
      new NotFoundError(`persons.update: tenant ${tenantUuid} not found`),
    );
    const otherProcess = new SqliteDatabase(path);
    try {
      expect(() => otherProcess.prepare("update persons set name = 'Ada Park' where uuid = ?").run(ada.uuid)).toThrow("rapport: the tenant is deleted");
    } finally {
      otherProcess.close();
    }
    expect((await store.persons.get(tenantUuid, ada.uuid))?.name).toBe("Ada");
  });

  it("an unknown tenant is a NotFoundError inside a caller's transaction too, and the known tenant's writes still work", async () => {
    await expect(store.transaction((transaction) => transaction.companies.create({ tenant_uuid: UNKNOWN_TENANT, company_name: "Globex" }))).rejects.toThrow(
      new NotFoundError(`companies.create: tenant ${UNKNOWN_TENANT} not found`),
    );
    for (const [, write] of writes.filter(([operation]) => operation !== "emails.ingestMany")) await write(store, tenantUuid);
  });

  it.each<[string, (store: Store, tenantUuid: string) => Promise<unknown>, string]>([
    ["tenants.create", (store) => untyped(store.tenants.create)({ tier: "standard" }), "name"],
    ["companies.create", (store, tenantUuid) => untyped(store.companies.create)({ tenant_uuid: tenantUuid }), "company_name"],
    ["persons.create", (store) => untyped(store.persons.create)({ name: "Ada" }), "tenant_uuid"],
    ["users.create", (store, tenantUuid) => untyped(store.users.create)({ tenant_uuid: tenantUuid, email: "ada@acme.example", role: "member" }), "name"],
    ["users.create", (store, tenantUuid) => untyped(store.users.create)({ tenant_uuid: tenantUuid, name: "Ada", role: "member" }), "email"],
    ["meetings.create", (store, tenantUuid) => untyped(store.meetings.create)(tenantUuid, { starts_at: 1, attendees: [{ email: "ada@acme.example" }] }), "title"],
    ["emails.ingest", (store, tenantUuid) => untyped(store.emails.ingest)(tenantUuid, { message_id: "m1", from: { email: "ada@acme.example" } }), "sent_at"],
    ["emails.ingest", (store, tenantUuid) => untyped(store.emails.ingest)(tenantUuid, { sent_at: 1, from: { email: "ada@acme.example" } }), "message_id"],
    ["emails.ingest", (store, tenantUuid) => untyped(store.emails.ingest)(tenantUuid, { message_id: "m1", sent_at: 1 }), "from"],
    ["entityLists.create", (store, tenantUuid) => untyped(store.entityLists.create)({ tenant_uuid: tenantUuid, kind: "persons", owner_user_uuid: null }), "name"],
    // Not checked ahead: the NOT NULL column's failure, named by the column.
    ["tasks.create", (store, tenantUuid) => untyped(store.tasks.create)({ tenant_uuid: tenantUuid, scope: "WORKSPACE" }, viewer), "title"],
  ])("%s without a required field is an InvalidInputError naming it, and writes nothing", async (operation, write, field) => {
    const before = rowCounts();
    const refusal = write(store, tenantUuid);
    await expect(refusal).rejects.toThrow(InvalidInputError);
    await expect(refusal).rejects.toThrow(`${operation}: "${field}" is required`);
    expect(rowCounts()).toEqual(before);
  });

  it.each(["", "   ", 42])("emails.ingest refuses the message_id %j, and ingestMany answers ERROR for that item only", async (messageId) => {
    const before = rowCounts();
    const item = { message_id: messageId, sent_at: 1, from: { email: "ada@acme.example" } };
    const refusal = new InvalidInputError(`emails.ingest: "message_id" must be a non-blank string; got ${JSON.stringify(messageId)}`);
    await expect(untyped(store.emails.ingest)(tenantUuid, item)).rejects.toThrow(refusal);
    expect(rowCounts()).toEqual(before);
    const results = await untyped(store.emails.ingestMany)(tenantUuid, [item, { ...item, message_id: "m2" }]);
    expect(results).toMatchObject([{ status: "ERROR", error: refusal }, { status: "CREATED" }]);
    expect(rowCounts().emails).toBe(before.emails! + 1);
  });

  it("emails.ingestMany answers ERROR for an item without a required field and stores the others", async () => {
    const results = await untyped(store.emails.ingestMany)(tenantUuid, [
      { message_id: "m1", from: { email: "ada@acme.example" } },
      { message_id: "m2", sent_at: 1, from: { email: "ada@acme.example" } },
    ]);
    expect(results).toMatchObject([{ status: "ERROR", error: new InvalidInputError('emails.ingest: "sent_at" is required') }, { status: "CREATED" }]);
    expect(await store.emails.get(tenantUuid, "m1")).toBeNull();
    expect(await store.emails.get(tenantUuid, "m2")).not.toBeNull();
  });
});

describe("withTypedWriteErrors", () => {
  it("translates a foreign key failure by whether the tenant exists, a NOT NULL failure by its column, and passes the rest through", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateToLatest(db);
    await db.insertInto("tenants").values({ uuid: "acme", name: "Acme", tier: "standard", per_second_limit: null, monthly_limit: null, created_at: 1, deleted_at: null }).execute();
    const failure = new Error("not the database's");
    const repository = withTypedWriteErrors(
      "things",
      {
        /** An email address of a person that does not exist: a foreign key other than the tenant's. */
        async addOrphanEmail(tenantUuid: string) {
          await db.insertInto("person_emails").values({ tenant_uuid: tenantUuid, person_uuid: "nobody", address: "a@b.example", domain: "b.example", is_primary: 1, created_at: 1 }).execute();
        },
        async addUnnamedUser(input: { tenant_uuid: string }) {
          const user = { uuid: "u1", tenant_uuid: input.tenant_uuid, person_uuid: "p1", name: null as unknown as string, name_sort_key: "", email: "ada@acme.example", role: "member", is_active: 1, created_at: 1, updated_at: 1 };
          await db.insertInto("users").values(user).execute();
        },
        async fail() {
          throw failure;
        },
        count: () => 7,
      },
      db,
    );
    await expect(repository.addOrphanEmail("acme")).rejects.toThrow(new InvalidInputError("things.addOrphanEmail: the input names a record that does not exist in the tenant"));
    await expect(repository.addOrphanEmail("globex")).rejects.toThrow(new NotFoundError("things.addOrphanEmail: tenant globex not found"));
    await expect(repository.addUnnamedUser({ tenant_uuid: "acme" })).rejects.toThrow(new InvalidInputError('things.addUnnamedUser: "name" is required'));
    await expect(repository.fail()).rejects.toBe(failure);
    expect(repository.count()).toBe(7);
    await db.destroy();
  });
});
