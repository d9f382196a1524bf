import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { databaseStatus, pendingMigrations } from "./database-status.js";
import { inCodeMigrationProvider } from "./migrations/index.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-status-"));
  folders.push(folder);
  return folder;
}

describe("databaseStatus", () => {
  it("tells whether another process has the file open, its schema against this release and the rows that grow", async () => {
    const path = join(temporaryFolder(), "rapport.db");
    const store = await createSqliteStore({ path });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    await store.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: Date.UTC(2026, 11, 1), from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
    await store.oauthModels.upsert({ model: "Session", id: "old", payload: {}, grant_id: null, uid: null, user_code: null, expires_at: 1 });
    await store.signInFailures.admit(Date.now(), [{ subject: "someone", limit: 5, windowMs: 60_000 }]);
    const known = Object.keys(await inCodeMigrationProvider.getMigrations()).sort();

    const serving = await databaseStatus(path);
    expect(serving).toMatchObject({
      path,
      openElsewhere: true,
      tenants: 1,
      migrations: { applied: known.length, latest: known.at(-1), pending: [], unknown: [] },
      rows: { activity_feed: 1, record_deletions: 0, oauth_models: 1, oauth_models_expired: 1, sign_in_failures: 1 },
    });
    expect(serving.bytes).toBeGreaterThan(0);
    expect(serving.walBytes).toBeGreaterThan(0);
    // The open store is unaffected.
    expect((await store.tenants.list()).map((each) => each.name)).toEqual(["Acme"]);
    await store.close();

    const before = readFileSync(path);
    expect(await databaseStatus(path)).toMatchObject({ openElsewhere: false, walBytes: 0 });
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it("lists the migrations an older file lacks, and those a newer release wrote", async () => {
    const path = join(temporaryFolder(), "rapport.db");
    await (await createSqliteStore({ path })).close();
    const known = Object.keys(await inCodeMigrationProvider.getMigrations()).sort();
    const writer = new SqliteDatabase(path);
    writer.prepare("delete from kysely_migration where name = ?").run(known.at(-1));
    writer.close();
    expect(await pendingMigrations(path)).toEqual([known.at(-1)]);
    expect((await databaseStatus(path)).migrations).toMatchObject({ applied: known.length - 1, pending: [known.at(-1)] });

    const newer = new SqliteDatabase(path);
    newer.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("9999-from-a-newer-version", new Date(0).toISOString());
    newer.close();
    expect((await databaseStatus(path)).migrations.unknown).toEqual(["9999-from-a-newer-version"]);
  });

  it("refuses a path with no file; a new empty file has no pending migrations", async () => {
    const folder = temporaryFolder();
    await expect(databaseStatus(join(folder, "missing.db"))).rejects.toThrow(InvalidInputError);
    expect(await pendingMigrations(join(folder, "missing.db"))).toEqual([]);
    writeFileSync(join(folder, "empty.db"), "");
    expect(await pendingMigrations(join(folder, "empty.db"))).toEqual([]);
  });

  it("refuses a path that is not a non-empty string with an InvalidInputError naming the call, not Node's TypeError", async () => {
    const calls: Array<[string, (path: string) => Promise<unknown>]> = [["databaseStatus", databaseStatus], ["pendingMigrations", pendingMigrations]];
    for (const [operation, call] of calls) {
      for (const [path, shown] of [[undefined, "undefined"], [42, "42"], [{}, "an object"], ["", '""']] as const) {
        const refused = await Promise.resolve()
          .then(() => call(path as unknown as string))
          .catch((error: unknown) => error);
        expect(refused, `${operation}(${shown})`).toBeInstanceOf(InvalidInputError);
        expect((refused as Error).message).toBe(`${operation}: expecting "databasePath" to be a file path, got ${shown}`);
      }
    }
  });

  it("refuses another application's database as every store does, rather than list Rapport's migrations as pending", async () => {
    const path = join(temporaryFolder(), "crm.db");
    const other = new SqliteDatabase(path);
    other.exec("create table customers (id integer primary key); create table orders (id integer primary key)");
    other.close();
    const refused = await databaseStatus(path).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IncompatibleDatabaseError);
    expect((refused as Error).message).toBe("is not a Rapport database: it has tables (customers, orders) but no record of Rapport's migrations; name another file");
    await expect(createSqliteStore({ path })).rejects.toThrow((refused as Error).message);
  });
});
