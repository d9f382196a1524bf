/**
 * Migration 0062 on a database written before it: every number issued stays, each tenant's log goes on from its own
 * highest (or its pruning horizon), a poller's position stays valid, and a failure leaves the file as it was.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import type { Store } from "../../store.js";
import { createSqliteStore } from "../create-sqlite-store.js";
import { ImmediateTransactionsSqliteDialect } from "../immediate-transactions.js";
import { migrateToLatest } from "../migrate-to-latest.js";
import { restoreDatabase } from "../restore-database.js";
import { migrations } from "./index.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-0062-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const BEFORE = "0061-email-bodies-announced";

function connect(path: string) {
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma("journal_mode = WAL");
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: sqlite }) });
  return { sqlite, db };
}

/**
 * A database at migration 0061 where two tenants wrote in turn, so each one's numbers have the other's gaps: emails
 * a1 (1), b1 (2), a2 (3), b2 (4), a3 (5) in the feed; notes na1 (1), nb1 (2), na2 (3) in the deletions log.
 */
async function databaseBefore(name: string): Promise<string> {
  const path = join(folder, name);
  const { sqlite, db } = connect(path);
  expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(BEFORE)).error).toBeUndefined();
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('ta', 'Acme', 'standard', 1), ('tb', 'Globex', 'standard', 1);
    insert into persons (uuid, tenant_uuid, name, created_at, service_updated_at) values
      ('pa1', 'ta', 'Ada', 1, 1), ('pa2', 'ta', 'Abe', 1, 1), ('pb1', 'tb', 'Bea', 1, 1), ('pb2', 'tb', 'Bob', 1, 1);`);
  const email = sqlite.prepare(`insert into emails (uuid, tenant_uuid, message_id, subject, sent_at, from_person_uuid, created_at) values (?, ?, ?, ?, 1, ?, ?)`);
  const participant = sqlite.prepare("insert into email_participants (tenant_uuid, email_uuid, person_uuid, role) values (?, ?, ?, ?)");
  for (const [index, uuid] of ["a1", "b1", "a2", "b2", "a3"].entries()) {
    const tenant = uuid.startsWith("a") ? "ta" : "tb";
    const [from, to] = tenant === "ta" ? ["pa1", "pa2"] : ["pb1", "pb2"];
    email.run(uuid, tenant, `<${uuid}@example>`, uuid, from, 100 + index);
    participant.run(tenant, uuid, from, "from");
    participant.run(tenant, uuid, to, "to");
  }
  for (const uuid of ["na1", "nb1", "na2"]) {
    const tenant = uuid === "nb1" ? "tb" : "ta";
    sqlite.exec(`insert into notes (uuid, tenant_uuid, content, created_at, updated_at) values ('${uuid}', '${tenant}', 'x', 1, 1);
      update notes set deleted_at = 50 where uuid = '${uuid}';`);
  }
  await db.destroy();
  return path;
}

/** Each tenant's (sequence, item) pairs of a log, by raw read: what the migration must keep. */
function numbers(path: string, log: "activity_feed" | "record_deletions") {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  const item = log === "activity_feed" ? "item_uuid" : "uuid";
  try {
    return sqlite.prepare(`select tenant_uuid, sequence, ${item} as item from ${log} order by tenant_uuid, sequence`).all();
  } finally {
    sqlite.close();
  }
}

/** The feed's (sequence, uuid) pairs after `afterSequence`, a page of one at a time, following cursors. */
async function feedAfter(store: Store, tenantUuid: string, afterSequence: number) {
  const items: Array<[number, string]> = [];
  let page = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 1, afterSequence });
  items.push(...page.rows.map((row) => [row.sequence, row.uuid] as [number, string]));
  while (page.hasMore) {
    page = await store.interactions.feed(tenantUuid, { position: { kind: "after", key: page.lastKey! }, limit: 1, afterSequence });
    items.push(...page.rows.map((row) => [row.sequence, row.uuid] as [number, string]));
  }
  return items;
}

async function ingest(store: Store, tenantUuid: string, message: string, from: string, to: string) {
  return (await store.emails.ingest(tenantUuid, { message_id: message, subject: message, sent_at: 1, from: { person_uuid: from }, to: [{ person_uuid: to }], cc: [] })).email.uuid;
}

describe("migration 0062-tenant-log-sequences", () => {
  it("keeps every number issued and goes on from each tenant's own highest", async () => {
    const path = await databaseBefore("continues.db");
    const [feedBefore, logBefore] = [numbers(path, "activity_feed"), numbers(path, "record_deletions")];
    expect(feedBefore).toEqual([
      { tenant_uuid: "ta", sequence: 1, item: "a1" },
      { tenant_uuid: "ta", sequence: 3, item: "a2" },
      { tenant_uuid: "ta", sequence: 5, item: "a3" },
      { tenant_uuid: "tb", sequence: 2, item: "b1" },
      { tenant_uuid: "tb", sequence: 4, item: "b2" },
    ]);
    const store = await createSqliteStore({ path });
    try {
      expect(numbers(path, "activity_feed")).toEqual(feedBefore);
      expect(numbers(path, "record_deletions")).toEqual(logBefore);
      // Globex writes first: Acme's next number is still its own highest plus one.
      const b3 = await ingest(store, "tb", "<b3@example>", "pb1", "pb2");
      const a4 = await ingest(store, "ta", "<a4@example>", "pa1", "pa2");
      const a5 = await ingest(store, "ta", "<a5@example>", "pa2", "pa1");
      expect(numbers(path, "activity_feed")).toEqual([
        ...feedBefore.slice(0, 3),
        { tenant_uuid: "ta", sequence: 6, item: a4 },
        { tenant_uuid: "ta", sequence: 7, item: a5 },
        ...feedBefore.slice(3),
        { tenant_uuid: "tb", sequence: 5, item: b3 },
      ]);
      await store.notes.create({ tenant_uuid: "tb", content: "y" }, { user_uuid: null }).then((note) => store.notes.delete("tb", note.uuid));
      const note = await store.notes.create({ tenant_uuid: "ta", content: "z" }, { user_uuid: null });
      expect(await store.notes.delete("ta", note.uuid)).toBe(true);
      expect(numbers(path, "record_deletions")).toEqual([
        { tenant_uuid: "ta", sequence: 1, item: "na1" },
        { tenant_uuid: "ta", sequence: 3, item: "na2" },
        { tenant_uuid: "ta", sequence: 4, item: note.uuid },
        { tenant_uuid: "tb", sequence: 2, item: "nb1" },
        { tenant_uuid: "tb", sequence: 3, item: expect.any(String) },
      ]);
    } finally {
      await store.close();
    }
  });

  it("gives a poller holding a number from before exactly the entries after it, none twice, none skipped", async () => {
    const path = await databaseBefore("poller.db");
    const store = await createSqliteStore({ path });
    try {
      const before = await feedAfter(store, "ta", 0);
      expect(before).toEqual([
        [1, "a1"],
        [3, "a2"],
        [5, "a3"],
      ]);
      // A cursor taken on the first page, before the new entries came: read on page by page.
      const firstPage = await store.interactions.feed("ta", { position: { kind: "offset", offset: 0 }, limit: 1, afterSequence: 1 });
      expect(firstPage.rows.map((row) => row.sequence)).toEqual([3]);
      await ingest(store, "tb", "<b3@example>", "pb1", "pb2");
      const a4 = await ingest(store, "ta", "<a4@example>", "pa1", "pa2");
      await ingest(store, "tb", "<b4@example>", "pb2", "pb1");
      const a5 = await ingest(store, "ta", "<a5@example>", "pa2", "pa1");
      const rest: Array<[number, string]> = [];
      let page = firstPage;
      while (page.hasMore) {
        page = await store.interactions.feed("ta", { position: { kind: "after", key: page.lastKey! }, limit: 1, afterSequence: 1 });
        rest.push(...page.rows.map((row) => [row.sequence, row.uuid] as [number, string]));
      }
      expect(rest).toEqual([
        [5, "a3"],
        [6, a4],
        [7, a5],
      ]);
      expect(await feedAfter(store, "ta", 5)).toEqual([
        [6, a4],
        [7, a5],
      ]);
      expect(await feedAfter(store, "tb", 4)).toEqual([
        [5, expect.any(String)],
        [6, expect.any(String)],
      ]);
      // The deletions log likewise: Acme's poller at 1 reads 3 and then the new 4.
      const note = await store.notes.create({ tenant_uuid: "ta", content: "z" }, { user_uuid: null });
      expect(await store.notes.delete("ta", note.uuid)).toBe(true);
      const deletions = await store.deletions.list("ta", { viewer: { user_uuid: null }, afterSequence: 1, position: { kind: "offset", offset: 0 }, limit: 10 });
      expect(deletions.rows.map((row) => [row.sequence, row.uuid])).toEqual([
        [3, "na2"],
        [4, note.uuid],
      ]);
    } finally {
      await store.close();
    }
  });

  it("goes on after a pruned log's horizon when the entries up to it are gone", async () => {
    const path = await databaseBefore("pruned.db");
    const sqlite = new SqliteDatabase(path);
    // Globex's log was pruned through 4 and its newest entry, 4, is gone with its email.
    sqlite.exec(`insert into history_horizons (tenant_uuid, log, pruned_through_sequence, pruned_through_time) values ('tb', 'activity_feed', 4, 200);
      delete from activity_feed where sequence = 4;`);
    sqlite.close();
    const store = await createSqliteStore({ path });
    try {
      const b3 = await ingest(store, "tb", "<b3@example>", "pb1", "pb2");
      expect(await feedAfter(store, "tb", 4)).toEqual([[5, b3]]);
    } finally {
      await store.close();
    }
  });

  it("goes on after the replaced database's numbers when a backup taken before it is restored over a database after it", async () => {
    const backup = await databaseBefore("backup.db");
    const path = join(folder, "restored.db");
    copyFileSync(backup, path);
    const live = await createSqliteStore({ path });
    await ingest(live, "ta", "<a4@example>", "pa1", "pa2");
    await ingest(live, "ta", "<a5@example>", "pa2", "pa1");
    await live.close();
    expect((await restoreDatabase(path, backup)).countersRaised).toBeGreaterThan(0);
    const restored = await createSqliteStore({ path });
    try {
      // The backup's Acme ended at 5, the replaced database's at 7: a poller may hold 7. The restore passes over 8,
      // its history horizon (a poll from before it is refused: copy again), and Globex's 5 likewise.
      const again = await ingest(restored, "ta", "<a6@example>", "pa1", "pa2");
      expect(await feedAfter(restored, "ta", 8)).toEqual([[9, again]]);
      const b3 = await ingest(restored, "tb", "<b3@example>", "pb1", "pb2");
      expect(await feedAfter(restored, "tb", 5)).toEqual([[6, b3]]);
    } finally {
      await restored.close();
    }
  });

  it("leaves the file as it was when it fails", async () => {
    const path = await databaseBefore("failing.db");
    const { sqlite, db } = connect(path);
    try {
      // The migration's last step makes this trigger: here it exists already, so the migration fails at its end.
      sqlite.exec("create trigger record_deletions_take_sequence after insert on record_deletions begin select 1; end");
      const schema = () => sqlite.prepare("select type, name, sql from sqlite_master order by type, name").all();
      const [schemaBefore, feedBefore, logBefore] = [schema(), numbers(path, "activity_feed"), numbers(path, "record_deletions")];
      await expect(migrateToLatest(db)).rejects.toThrow(/^database migration 0062-tenant-log-sequences failed: trigger record_deletions_take_sequence already exists/);
      expect(schema()).toEqual(schemaBefore);
      expect(sqlite.prepare("select name from kysely_migration where name = '0062-tenant-log-sequences'").all()).toEqual([]);
      expect(numbers(path, "activity_feed")).toEqual(feedBefore);
      expect(numbers(path, "record_deletions")).toEqual(logBefore);
    } finally {
      await db.destroy();
    }
  });
});
