import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { ConflictError, HistoryPrunedError, IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import type { Store } from "../store.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { migrations } from "./migrations/index.js";
import { restoreDatabase } from "./restore-database.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-restore-"));
  folders.push(folder);
  return folder;
}

const NOW = Date.UTC(2026, 11, 1);

async function ingest(store: Store, tenantUuid: string, messageId: string) {
  await store.emails.ingest(tenantUuid, { message_id: messageId, sent_at: NOW, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
}

function sequenceOf(path: string, table: string): number {
  const db = new SqliteDatabase(path, { readonly: true });
  try {
    return (db.prepare("select seq from sqlite_sequence where name = ?").pluck().get(table) as number | undefined) ?? 0;
  } finally {
    db.close();
  }
}

/** The tenant's highest number in a log (its own since migration 0062). */
function tenantSequenceOf(path: string, table: string, tenantUuid: string): number {
  const db = new SqliteDatabase(path, { readonly: true });
  try {
    return (db.prepare(`select max(sequence) from ${table} where tenant_uuid = ?`).pluck().get(tenantUuid) as number | null) ?? 0;
  } finally {
    db.close();
  }
}

/** A database with a tenant and two emails, its backup, then more written after it: emails and an erasure. */
async function databaseWithLaterWrites(folder: string) {
  const path = join(folder, "rapport.db");
  const store = await createSqliteStore({ path });
  const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
  await ingest(store, tenant.uuid, "m1");
  const erased = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Erin Erased", emails: ["erin@example.com"] });
  const backup = join(folder, "backup.db");
  await store.backup(backup);
  for (let index = 2; index <= 6; index += 1) await ingest(store, tenant.uuid, `m${index}`);
  expect(await store.persons.erase(tenant.uuid, erased.uuid)).toBe(true);
  return { path, store, backup, tenantUuid: tenant.uuid, erasedUuid: erased.uuid };
}

describe("restoreDatabase", () => {
  it("refuses while another process has the database open, changing nothing", async () => {
    const folder = temporaryFolder();
    const { path, store, backup } = await databaseWithLaterWrites(folder);
    const before = readdirSync(folder).sort();
    await expect(restoreDatabase(path, backup)).rejects.toThrow(ConflictError);
    await expect(restoreDatabase(path, backup)).rejects.toThrow(/is open in another process .*: stop it first/);
    expect(readdirSync(folder).sort()).toEqual(before);
    // The open store still works on the file it had.
    expect((await store.tenants.list()).map((tenant) => tenant.name)).toEqual(["Acme"]);
    await store.close();
  });

  it("puts the backup in place, keeps the replaced database, raises the sequences and names the persons to erase again", async () => {
    const folder = temporaryFolder();
    const { path, store, backup, tenantUuid, erasedUuid } = await databaseWithLaterWrites(folder);
    await store.close();
    const liveFeed = sequenceOf(path, "activity_feed");
    expect(sequenceOf(backup, "activity_feed")).toBeLessThan(liveFeed);
    const [liveTenantFeed, liveTenantLog] = [tenantSequenceOf(path, "activity_feed", tenantUuid), tenantSequenceOf(path, "record_deletions", tenantUuid)];
    expect(tenantSequenceOf(backup, "activity_feed", tenantUuid)).toBeLessThan(liveTenantFeed);
    expect(tenantSequenceOf(backup, "record_deletions", tenantUuid)).toBeLessThan(liveTenantLog);

    const result = await restoreDatabase(path, backup);
    expect(result).toMatchObject({ path, erasedSinceBackup: [{ tenant_uuid: tenantUuid, person_uuid: erasedUuid }] });
    expect(result.countersRaised).toBeGreaterThan(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder).filter((name) => name.includes(".restoring"))).toEqual([]);

    // The replaced database is kept whole: its six emails, beside it.
    expect(result.replacedPath).toMatch(/rapport\.db\.replaced-/);
    const kept = new SqliteDatabase(result.replacedPath!, { readonly: true });
    expect(kept.prepare("select count(*) from emails").pluck().get()).toBe(6);
    kept.close();

    const restored = await createSqliteStore({ path });
    try {
      expect((await restored.persons.get(tenantUuid, erasedUuid))?.name).toBe("Erin Erased");
      // A poller that had read the replaced database (its last entry included) copied what the backup lost: its
      // next poll is refused (the API's 410, make a full copy again); one from the number passed over goes on.
      const poll = (afterSequence: number) =>
        restored.deletions.list(tenantUuid, { viewer: { user_uuid: null }, afterSequence, position: { kind: "offset", offset: 0 }, limit: 10 });
      await expect(poll(liveTenantLog)).rejects.toThrow(HistoryPrunedError);
      await expect(poll(liveTenantLog)).rejects.toThrow(`then poll with after_sequence ${liveTenantLog + 1} or later`);
      expect((await poll(liveTenantLog + 1)).rows).toEqual([]);
      await expect(restored.interactions.feed(tenantUuid, { afterSequence: liveTenantFeed, position: { kind: "offset", offset: 0 }, limit: 10 })).rejects.toThrow(HistoryPrunedError);
      // What is written after the restore takes sequences after the replaced database's: a poller's cursor holds.
      await ingest(restored, tenantUuid, "after-restore");
      const note = await restored.notes.create({ tenant_uuid: tenantUuid, content: "x" }, { user_uuid: null });
      expect(await restored.notes.delete(tenantUuid, note.uuid)).toBe(true);
    } finally {
      await restored.close();
    }
    expect(sequenceOf(path, "activity_feed")).toBeGreaterThan(liveFeed);
    // The tenant's own numbers (migration 0062) go on after the replaced database's too, past the one passed over.
    expect(tenantSequenceOf(path, "activity_feed", tenantUuid)).toBe(liveTenantFeed + 2);
    expect(tenantSequenceOf(path, "record_deletions", tenantUuid)).toBe(liveTenantLog + 2);
  });

  it("closes the history of a backup older than migration 0047 once the next open has migrated it", async () => {
    const folder = temporaryFolder();
    const { path, store, tenantUuid } = await databaseWithLaterWrites(folder);
    await store.close();
    const liveTenantLog = tenantSequenceOf(path, "record_deletions", tenantUuid);
    // A backup an earlier release took (schema 0046, no history horizons) of the same tenant.
    const backup = join(folder, "backup-0046.db");
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo("0046-notes-and-tasks-by-change")).error).toBeUndefined();
    sqlite.prepare("insert into tenants (uuid, name, tier, created_at) values (?, 'Acme', 'standard', 1)").run(tenantUuid);
    sqlite.prepare("vacuum into ?").run(backup);
    await db.destroy();

    await restoreDatabase(path, backup);
    const restored = await createSqliteStore({ path });
    try {
      const poll = (afterSequence: number) =>
        restored.deletions.list(tenantUuid, { viewer: { user_uuid: null }, afterSequence, position: { kind: "offset", offset: 0 }, limit: 10 });
      await expect(poll(liveTenantLog)).rejects.toThrow(`then poll with after_sequence ${liveTenantLog + 1} or later`);
      expect((await poll(liveTenantLog + 1)).rows).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it("restores to a path with no database, and refuses what is not a Rapport backup", async () => {
    const folder = temporaryFolder();
    const { store, backup, path } = await databaseWithLaterWrites(folder);
    await store.close();
    const fresh = join(folder, "fresh.db");
    expect(await restoreDatabase(fresh, backup)).toMatchObject({ path: fresh, replacedPath: null, countersRaised: 0, erasedSinceBackup: [] });
    // A zero-byte file is no database either (as the commands that need one say): replaced, nothing kept of it.
    const empty = join(folder, "empty.db");
    writeFileSync(empty, "");
    expect(await restoreDatabase(empty, backup)).toMatchObject({ path: empty, replacedPath: null, countersRaised: 0, erasedSinceBackup: [] });
    expect(readdirSync(folder).filter((name) => name.startsWith("empty.db"))).toEqual(["empty.db"]);
    expect(statSync(empty).size).toBe(statSync(backup).size);

    await expect(restoreDatabase(path, join(folder, "missing.db"))).rejects.toThrow(/no backup file at/);
    await expect(restoreDatabase(path, path)).rejects.toThrow(/is the database itself/);
    const linkedFolder = `${folder}-link`;
    symlinkSync(folder, linkedFolder);
    await expect(restoreDatabase(path, join(linkedFolder, basename(path)))).rejects.toThrow(/is the database itself/);
    rmSync(linkedFolder);
    const text = join(folder, "notes.txt");
    writeFileSync(text, "not a database at all, but long enough to be read as a header by SQLite ".repeat(20));
    await expect(restoreDatabase(path, text)).rejects.toThrow(InvalidInputError);
    const other = join(folder, "other.db");
    new SqliteDatabase(other).exec("create table customers (id integer primary key)");
    await expect(restoreDatabase(path, other)).rejects.toThrow(/is not a Rapport database/);
    const newer = join(folder, "newer.db");
    await restoreDatabase(newer, backup);
    const writer = new SqliteDatabase(newer);
    writer.prepare("insert into kysely_migration (name, timestamp) values (?, ?)").run("9999-from-a-newer-version", new Date(0).toISOString());
    writer.close();
    await expect(restoreDatabase(path, newer)).rejects.toThrow(IncompatibleDatabaseError);
    writeFileSync(`${backup}-wal`, "frames of commits the backup file does not hold");
    await expect(restoreDatabase(path, backup)).rejects.toThrow(/has a -wal file beside it/);
    expect(existsSync(`${path}.restoring`)).toBe(false);
  });
});
