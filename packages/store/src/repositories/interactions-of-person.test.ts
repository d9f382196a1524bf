/**
 * `interactions.allOf` reads one person's emails and meetings by their uuids. Under statistics like benchmark
 * scale L's, each statement must seek the person's participations and then each interaction by its key: a plan
 * that walks the tenant's time index (to skip sorting a chunk) reads every email of the tenant for each chunk.
 * (Its results against `interactions.all` are checked in `tenant-graphs.of-person.properties.test.ts`.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-interactions-of-person-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 5, 1);

describe("interactions.allOf", () => {
  it("seeks the person's participations, then each email and meeting by its uuid, never the tenant's time indexes", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
      const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda" });
      // A whole chunk of uuids (500): seeking each is what the planner weighs against walking the time index.
      const emails = Array.from({ length: 500 }, (_, index) => ({
        message_id: `m${index}`,
        subject: "Hi",
        sent_at: NOW - index,
        from: { person_uuid: ada.person_uuid },
        to: [{ person_uuid: zelda.uuid }],
      }));
      await store.emails.ingestMany(tenantUuid, emails);
      for (let index = 0; index < 500; index++) {
        await store.meetings.create(tenantUuid, { title: "Lunch", starts_at: NOW - index, attendees: [{ person_uuid: ada.person_uuid }, { person_uuid: zelda.uuid }] });
      }
      statements = await readDuring(async () => {
        for await (const record of store.interactions.allOf(tenantUuid, zelda.uuid)) expect(["Hi", "Lunch"]).toContain(record.title);
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["emails", "email_participants", "meetings", "meeting_attendees"]);
      const plans = statements.map((source) => planOf(sqlite, source));
      const planReading = (table: RegExp) => plans.filter((_, index) => table.test(statements[index]!));
      expect(planReading(/from "email_participants" where "tenant_uuid"/)).toEqual([expect.stringContaining("INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)")]);
      expect(planReading(/from "meeting_attendees" where "tenant_uuid"/)).toEqual([expect.stringContaining("INDEX meeting_attendees_person_counted (tenant_uuid=? AND person_uuid=?)")]);
      expect(planReading(/join emails e/)).toEqual([expect.stringContaining("SEARCH e USING INDEX sqlite_autoindex_emails_1 (uuid=?)")]);
      expect(planReading(/join meetings m/)).toEqual([expect.stringContaining("SEARCH m USING INDEX sqlite_autoindex_meetings_1 (uuid=?)")]);
      for (const plan of plans) expect(plan).not.toMatch(/emails_tenant_sent|meetings_live_starts|meetings_tenant_starts/);
    } finally {
      sqlite.close();
    }
  });
});
