/**
 * Migration 0045's statements, planned under statistics like benchmark scale L's: finding the interactions with one
 * person in it walks the emails and the attendances once, each other participant found by key; everything after
 * starts from the few persons found and seeks by key, never walking a tenant or a whole table.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import { SCALE_L_TABLES, useScaleLStatistics } from "../../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../../testing/sqlite-plans.js";
import { recountOnePersonActivity } from "./0045-one-person-activity-recounted.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-0045-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0045-one-person-activity-recounted, under statistics like scale L's", () => {
  it("walks the emails and attendances once, and seeks by key from the persons it finds", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let tenantUuid: string;
    try {
      tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      // A note to oneself, so that every statement runs.
      await store.emails.ingest(tenantUuid, { message_id: "note", sent_at: NOW - 1, from: { email: "ada@acme.example" } });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      useScaleLStatistics(sqlite, SCALE_L_TABLES);
      const statements = await preparedDuring(() => recountOnePersonActivity(db, NOW));
      // The temporary tables are gone: made again (empty) to plan the statements that read them.
      for (const source of statements.filter((statement) => statement.startsWith("create temp table"))) sqlite.exec(source);
      const planned = statements.filter((source) => !/^(create|drop|select count)/.test(source.trimStart()));
      expect(planned.length).toBe(9);
      const plans = planned.map((source) => planOf(sqlite, source));
      for (const [index, plan] of plans.entries()) expect(tenantWalksIn(plan), planned[index]!.slice(0, 120)).toEqual([]);
      // Walks: the emails and the attendances (finding the interactions), the persons found, the recounted opportunities
      // and the pending raises (a handful of rows each).
      const scans = plans.flatMap((plan) => plan.split("; ").filter((step) => step.startsWith("SCAN")));
      expect(scans.map((step) => step.replace(/ USING .*$/, ""))).toEqual(
        expect.arrayContaining(["SCAN e", "SCAN a"]),
      );
      // The attendances in table order, a meeting's rows together, not by person through an index (a random seek of
      // every meeting's rows: 20 s at scale L against 2.8 s).
      expect(scans).toContain("SCAN a");
      expect(scans.filter((step) => !/^SCAN (e|a|l|r|linked|\(subquery-\d+\)|opportunity_activity_pending|lonely_0045|recount_0045|CONSTANT ROW)( |$)/.test(step))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
