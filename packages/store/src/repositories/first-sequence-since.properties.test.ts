/**
 * Property: `firstSequenceSince` answers the least sequence of the tenant's entries recorded at or after `since`,
 * recording times out of sequence order (clocks that disagree) included, whether it walks the feed from its start
 * (few entries before `since`) or reads every entry since.
 */
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { firstSequenceSince } from "./activity-feed-entries.js";

const sqlite = new SqliteDatabase(":memory:");
// The feed's columns and indexes this read names (migrations 0032 and 0062).
sqlite.exec(`create table activity_feed (id integer primary key, tenant_uuid text not null, recorded_at integer not null, sequence integer);
  create unique index activity_feed_by_tenant on activity_feed (tenant_uuid, sequence);
  create index activity_feed_by_time on activity_feed (tenant_uuid, recorded_at, sequence);`);
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
afterAll(() => db.destroy());

describe("firstSequenceSince", () => {
  it("is the least sequence recorded at or after `since`, by either read", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 30 }),
        fc.integer({ min: -1, max: 22 }),
        fc.integer({ min: 1, max: 8 }),
        async (times, since, few) => {
          sqlite.exec("delete from activity_feed");
          const insert = sqlite.prepare("insert into activity_feed (tenant_uuid, recorded_at, sequence) values (?, ?, ?)");
          times.forEach((time, index) => insert.run("t", time, index + 1));
          insert.run("other", since, 0);
          const recordedSince = times.map((time, index) => ({ time, sequence: index + 1 })).filter((entry) => entry.time >= since);
          const expected = recordedSince.length === 0 ? null : Math.min(...recordedSince.map((entry) => entry.sequence));
          const row = await db.selectNoFrom(sql<number | null>`${firstSequenceSince("t", since, few)}`.as("first")).executeTakeFirstOrThrow();
          expect(row.first).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
