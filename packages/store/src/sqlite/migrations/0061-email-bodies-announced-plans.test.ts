/**
 * Migration 0061's statements under statistics like benchmark scale L's (2M feed entries): each page reads its
 * bodies by a rowid range and seeks each body's feed entry by item, never walking the feed or a tenant.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { useOnlyScaleLStatistics } from "../../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../../testing/sqlite-plans.js";
import { emailBodiesAnnouncedMigration } from "./0061-email-bodies-announced.js";
import { migrations } from "./index.js";

describe("migration 0061 under statistics like scale L's", () => {
  it("reads bodies by rowid ranges and their feed entries by item", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values ('e1', 't1', '<m@x>', 1, null, 'p', 1);
        insert into email_bodies (email_uuid, tenant_uuid, body_text, created_at) values ('e1', 't1', 'the body', 2);`);
      const statements = await preparedDuring(() => emailBodiesAnnouncedMigration.up(db));
      expect(sqlite.prepare("select recorded_at > 2 from activity_feed where item_uuid = 'e1'").pluck().get()).toBe(1);
      useOnlyScaleLStatistics(sqlite, ["activity_feed", "emails"]);
      const own = statements.filter((source) => /\bfrom email_bodies\b/.test(source));
      expect(own.length).toBeGreaterThanOrEqual(2);
      for (const source of own) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, source).toMatch(/SEARCH (body|email_bodies) USING INTEGER PRIMARY KEY \(rowid>\?/);
        expect(plan, source).not.toMatch(/SCAN (body|entry|email_bodies|activity_feed)(;|$)/);
        if (source.includes("join activity_feed")) expect(plan, source).toMatch(/SEARCH entry USING INDEX activity_feed_by_item \(item_uuid=\? AND kind=\?\)/);
      }
    } finally {
      await db.destroy();
    }
  });
});
