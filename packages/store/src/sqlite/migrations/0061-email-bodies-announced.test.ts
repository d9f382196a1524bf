/**
 * Migration 0061: an email whose body was kept after its place in the activity feed comes again at the feed's end, so
 * a poller resuming after what it saw reads its `has_body` anew; emails listed since their body, or without one, and a
 * deleted tenant's, stay where they were, and each tenant's feed shows only its own.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "./index.js";

const migratedUpTo = (last: string) => Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

interface FeedEntry {
  sequence: number;
  tenant_uuid: string;
  item_uuid: string;
  recorded_at: number;
}

/** A database migrated up to 0059, and a function migrating it further. */
async function databaseBefore0061() {
  const sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrate = async (last: string) =>
    expect((await new Migrator({ db, provider: { getMigrations: async () => migratedUpTo(last) } }).migrateToLatest()).error).toBeUndefined();
  await migrate("0059-name-search-folded");
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Globex', 'standard', 1),
    ('t3', 'Gone', 'standard', 1)`);
  const insertEmail = sqlite.prepare(
    "insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, ?, ?, 1, null, 'p', ?)",
  );
  const insertBody = sqlite.prepare("insert into email_bodies (email_uuid, tenant_uuid, body_text, created_at) values (?, ?, 'the body', ?)");
  const feedAfter = (sequence: number) =>
    sqlite.prepare("select sequence, tenant_uuid, item_uuid, recorded_at from activity_feed where sequence > ? order by sequence").all(sequence) as FeedEntry[];
  const newest = () => sqlite.prepare("select coalesce(max(sequence), 0) from activity_feed").pluck().get() as number;
  return { sqlite, db, migrate, insertEmail, insertBody, feedAfter, newest };
}

describe("migration 0061-email-bodies-announced", () => {
  it("lists again, in their former order, the emails whose body came after their place in the feed", async () => {
    const { sqlite, db, migrate, insertEmail, insertBody, feedAfter, newest } = await databaseBefore0061();
    try {
      insertEmail.run("late-body", "t1", "<late@x.example>", 100);
      insertEmail.run("no-body", "t1", "<none@x.example>", 110);
      insertEmail.run("body-with-email", "t1", "<same@x.example>", 120);
      insertEmail.run("later-late-body", "t1", "<later@x.example>", 130);
      insertEmail.run("moved-since", "t1", "<moved@x.example>", 140);
      insertEmail.run("other-tenant", "t2", "<other@x.example>", 150);
      insertEmail.run("deleted-tenant", "t3", "<gone@x.example>", 160);
      // Bodies in another order than the feed's: the feed's order is kept.
      insertBody.run("later-late-body", "t1", 500);
      insertBody.run("late-body", "t1", 400);
      insertBody.run("body-with-email", "t1", 120);
      insertBody.run("moved-since", "t1", 200);
      insertBody.run("other-tenant", "t2", 300);
      insertBody.run("deleted-tenant", "t3", 300);
      // Moved after its body was kept (as a merge or the fixed put moves it): a poller saw the body.
      sqlite.exec("update activity_feed set recorded_at = 250 where item_uuid = 'moved-since'");
      sqlite.exec("update tenants set deleted_at = 900 where uuid = 't3'");
      const seen = newest();
      const before = feedAfter(0);

      const startedAt = Date.now();
      await migrate("0061-email-bodies-announced");
      const moved = feedAfter(seen);
      expect(moved.map((entry) => [entry.tenant_uuid, entry.item_uuid])).toEqual([
        ["t1", "late-body"],
        ["t1", "later-late-body"],
        ["t2", "other-tenant"],
      ]);
      for (const entry of moved) expect(entry.recorded_at).toBeGreaterThanOrEqual(startedAt);
      // Each email keeps one entry; the others keep theirs as they were.
      const after = feedAfter(0);
      expect(after).toHaveLength(before.length);
      const untouched = ["no-body", "body-with-email", "moved-since", "deleted-tenant"];
      expect(after.filter((entry) => untouched.includes(entry.item_uuid))).toEqual(before.filter((entry) => untouched.includes(entry.item_uuid)));
    } finally {
      await db.destroy();
    }
  });

  it("reads every page of bodies, each email once", async () => {
    const { sqlite, db, migrate, insertEmail, insertBody, feedAfter, newest } = await databaseBefore0061();
    try {
      const count = 4_321;
      sqlite.transaction(() => {
        for (let index = 0; index < count; index += 1) {
          insertEmail.run(`email-${index}`, "t1", `<${index}@x.example>`, 100 + index);
          // Every third body was kept with its email, the others later.
          insertBody.run(`email-${index}`, "t1", index % 3 === 0 ? 100 + index : 10_000 + index);
        }
      })();
      const seen = newest();
      await migrate("0061-email-bodies-announced");
      const moved = feedAfter(seen).map((entry) => entry.item_uuid);
      const expected = Array.from({ length: count }, (_, index) => index).filter((index) => index % 3 !== 0).map((index) => `email-${index}`);
      expect(moved).toEqual(expected);
      expect(feedAfter(0)).toHaveLength(count);
    } finally {
      await db.destroy();
    }
  });
});
