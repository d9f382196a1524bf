import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConflictError } from "../errors.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { createLongWriteConnection } from "./long-write-connection.js";
import type { SqliteSynchronous } from "./open-migrated-database.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryDatabasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-store-"));
  folders.push(folder);
  return join(folder, "nested", "rapport.db");
}

describe("createSqliteStore", () => {
  it("creates the file, migrates it, and keeps data across reopen", async () => {
    const path = temporaryDatabasePath();
    const first = await createSqliteStore({ path });
    const tenant = await first.tenants.create({ name: "Acme", tier: "standard" });
    await first.usage.incrementMonthly(tenant.uuid, "2026-11");
    await first.close();

    const reopened = await createSqliteStore({ path });
    expect(await reopened.tenants.get(tenant.uuid)).toMatchObject({ name: "Acme", tier: "standard" });
    expect(await reopened.usage.incrementMonthly(tenant.uuid, "2026-11")).toBe(2);
    expect(await reopened.usage.monthly(tenant.uuid, "2026-12")).toBe(0);
    await reopened.close();
  });

  it("gives every user an internal person node and reuses a known contact's person", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const contact = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["Ada@Example.com"] });
    const ada = await store.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: " ADA@example.com ", role: "member" });
    expect(ada.person_uuid).toBe(contact.uuid);
    expect(ada.email).toBe("ada@example.com");
    expect((await store.persons.get(tenant.uuid, contact.uuid))?.is_internal).toBe(true);

    const bob = await store.users.create({ tenant_uuid: tenant.uuid, name: "Bob", email: "bob@example.com", role: "administrator" });
    const bobPerson = await store.persons.get(tenant.uuid, bob.person_uuid);
    expect(bobPerson).toMatchObject({ name: "Bob", is_internal: true, emails: [{ address: "bob@example.com", is_primary: true }] });
    await expect(
      store.users.create({ tenant_uuid: tenant.uuid, name: "Bob 2", email: "bob@example.com", role: "member" }),
    ).rejects.toBeInstanceOf(ConflictError);
    await store.close();
  });

  it("finds keys by hash only while the key is unrevoked and its tenant live", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenant = await store.tenants.create({ name: "Acme", tier: "custom", per_second_limit: 7, monthly_limit: 70 });
    const key = await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "h1", key_prefix: "pk_abc" });
    await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "h2", key_prefix: "pk_def" });
    expect(await store.apiKeys.findActiveByHash("h1")).toMatchObject({ key: { uuid: key.uuid }, tenant: { per_second_limit: 7 } });
    expect(await store.apiKeys.revoke(tenant.uuid, key.uuid)).toBe(true);
    expect(await store.apiKeys.revoke(tenant.uuid, key.uuid)).toBe(false);
    expect(await store.apiKeys.findActiveByHash("h1")).toBeNull();
    expect(await store.apiKeys.findActiveByHash("h2")).not.toBeNull();
    expect(await store.tenants.delete(tenant.uuid)).toBe(true);
    expect(await store.apiKeys.findActiveByHash("h2")).toBeNull();
    await store.close();
  });

  it("rolls back every write of a failed transaction", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    await expect(
      store.transaction(async (transaction) => {
        await transaction.persons.create({ tenant_uuid: tenant.uuid, name: "Kept?", emails: ["x@example.com"] });
        await transaction.persons.create({ tenant_uuid: tenant.uuid, name: "Clash", emails: ["X@example.com"] });
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    const page = await store.persons.list(tenant.uuid, {
      filters: {},
      sort_by: "name",
      order: "asc",
      position: { kind: "offset", offset: 0 },
      limit: 10,
    });
    expect(page.total).toBe(0);
    await store.close();
  });

  it("undoes a nested transaction that fails, writes and graph changes, and commits the outer one's other writes", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    await store.graphs.forTenant(tenant.uuid);
    const namesStored = async () =>
      (await store.persons.list(tenant.uuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 })).rows.map((person) => person.name);
    // What one person's create moves in the graph, as a measure.
    const before = store.graphs.revision(tenant.uuid);
    await store.transaction((transaction) => transaction.persons.create({ tenant_uuid: tenant.uuid, name: "Alone", emails: ["alone@example.com"] }));
    const oneCreate = store.graphs.revision(tenant.uuid) - before;
    expect(oneCreate).toBeGreaterThan(0);

    const start = store.graphs.revision(tenant.uuid);
    const outcome = await store.transaction(async (transaction) => {
      await transaction.persons.create({ tenant_uuid: tenant.uuid, name: "Kept", emails: ["kept@example.com"] });
      const failed = await transaction
        .transaction(async (item) => {
          await item.persons.create({ tenant_uuid: tenant.uuid, name: "Undone", emails: ["undone@example.com"] });
          await item.persons.create({ tenant_uuid: tenant.uuid, name: "Clash", emails: ["KEPT@example.com"] });
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      await transaction.transaction((item) => item.persons.create({ tenant_uuid: tenant.uuid, name: "After", emails: ["after@example.com"] }));
      return failed;
    });
    expect(outcome).toBeInstanceOf(ConflictError);
    expect(await namesStored()).toEqual(["After", "Alone", "Kept"]);
    // The undone person's graph changes were dropped: two creates' worth, not three.
    expect(store.graphs.revision(tenant.uuid) - start).toBe(2 * oneCreate);
    // The address the undone person would have held is free.
    await store.persons.create({ tenant_uuid: tenant.uuid, name: "Undone later", emails: ["undone@example.com"] });
    await store.close();
  });

  it("never lists another tenant's persons or companies", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const mine = await store.tenants.create({ name: "Mine", tier: "standard" });
    const theirs = await store.tenants.create({ name: "Theirs", tier: "standard" });
    const theirPerson = await store.persons.create({ tenant_uuid: theirs.uuid, name: "Secret" });
    const theirCompany = await store.companies.create({ tenant_uuid: theirs.uuid, company_name: "Secret Co" });
    expect(await store.persons.get(mine.uuid, theirPerson.uuid)).toBeNull();
    expect(await store.companies.get(mine.uuid, theirCompany.uuid)).toBeNull();
    const request = { position: { kind: "offset" as const, offset: 0 }, limit: 10, order: "asc" as const };
    const persons = await store.persons.list(mine.uuid, { ...request, filters: { uuids: [theirPerson.uuid] }, sort_by: "name" });
    const companies = await store.companies.list(mine.uuid, { ...request, filters: { name: "secret" }, sort_by: "company_name" });
    expect(persons.rows).toEqual([]);
    expect(companies.rows).toEqual([]);
    await store.close();
  });

  it("maps the database file into memory only when asked to, and refuses a size that is not a byte count", async () => {
    // The file itself, not its WAL index (`-shm`), which SQLite always maps.
    const mapped = () => readFileSync("/proc/self/maps", "utf8").split("\n").map((line) => line.split(" ").at(-1));
    const plainPath = temporaryDatabasePath();
    const plain = await createSqliteStore({ path: plainPath });
    await plain.tenants.create({ name: "Acme", tier: "standard" });
    expect(mapped()).not.toContain(plainPath);
    await plain.close();

    const mappedPath = temporaryDatabasePath();
    const store = await createSqliteStore({ path: mappedPath, mmapBytes: 64 * 2 ** 20 });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    expect(await store.tenants.get(tenant.uuid)).toMatchObject({ name: "Acme" });
    expect(mapped()).toContain(mappedPath);
    await store.close();

    for (const mmapBytes of [-1, 1.5, Number.NaN]) {
      await expect(createSqliteStore({ path: temporaryDatabasePath(), mmapBytes })).rejects.toThrow(/mmapBytes/);
    }
  });

  it("syncs each commit to the disk only when asked to, on both of its writing connections", async () => {
    const pragma = vi.spyOn(SqliteDatabase.prototype, "pragma");
    try {
      for (const [synchronous, level, otherLevel] of [[undefined, "NORMAL", "FULL"], ["full", "FULL", "NORMAL"]] as const) {
        pragma.mockClear();
        const path = temporaryDatabasePath();
        const store = await createSqliteStore({ path, synchronous });
        await store.close();
        const settings = pragma.mock.calls.map(([text]) => text);
        expect(settings).toContain(`synchronous = ${level}`);
        expect(settings).not.toContain(`synchronous = ${otherLevel}`);
        // The connection of long writes (an erasure's) lives on a worker thread, out of the spy's sight.
        const longWrites = createLongWriteConnection(path, 0, synchronous ?? "normal");
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(longWrites.db());
        await longWrites.close();
        expect(rows).toEqual([{ synchronous: level === "FULL" ? 2 : 1 }]);
      }
    } finally {
      pragma.mockRestore();
    }
    await expect(createSqliteStore({ path: temporaryDatabasePath(), synchronous: "extra" as SqliteSynchronous })).rejects.toThrow(
      'createSqliteStore: expecting "synchronous" to be "normal" or "full", got "extra"',
    );
  });
});
