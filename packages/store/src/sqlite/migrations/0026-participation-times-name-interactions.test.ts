import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { planOf } from "../../testing/sqlite-plans.js";
import { migrations } from "./index.js";

describe("migration 0026-participation-times-name-interactions", () => {
  it("ranks and counts a timeline's participations from the indexes alone, and still seeks a person's latest time", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      const people = "(select value from json_each(?))";
      const emails = planOf(sqlite, `select distinct email_uuid, sent_at from email_participants where tenant_uuid = ? and person_uuid in ${people}`);
      const meetings = planOf(
        sqlite,
        `select distinct meeting_uuid, counted_at from meeting_attendees where tenant_uuid = ? and person_uuid in ${people} and counted_at is not null`,
      );
      expect(emails).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)");
      expect(meetings).toContain("COVERING INDEX meeting_attendees_person_counted (tenant_uuid=? AND person_uuid=? AND counted_at>?)");
      const latest = planOf(sqlite, "select max(sent_at) from email_participants where tenant_uuid = ? and person_uuid = ? and sent_at <= ?");
      expect(latest).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=? AND sent_at<?)");
    } finally {
      await db.destroy();
    }
  });
});
