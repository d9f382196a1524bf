/**
 * The erasure's statements that name the emails it deletes and the meetings it rewrites, planned with 500 of each
 * (a heavy contact's) under statistics like benchmark scale L's (a thousand rows guessed per tenant): each seeks
 * its rows by key, where `tenant_uuid = ? and email_uuid in (...)` (or `uuid in`) walked every email participant,
 * email or meeting of the tenant.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, tenantWalksIn, preparedDuring, withInListsOf } from "../testing/sqlite-plans.js";
import { eraseActivity } from "./erase-activity.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-erase-activity-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));


describe("eraseActivity, with 500 emails and meetings under statistics like scale L's", () => {
  it("deletes the emails and rewrites the meetings it names by their keys", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let tenantUuid: string;
    let zeldaUuid: string;
    let adaUuid: string;
    try {
      tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
      adaUuid = ada.uuid;
      const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda" });
      zeldaUuid = zelda.uuid;
      const ben = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben" });
      await store.emails.ingestMany(tenantUuid, [
        { message_id: "m1", subject: "Hi", sent_at: NOW - 1, from: { person_uuid: zelda.uuid }, to: [{ person_uuid: ada.uuid }] },
        // Kept: two persons stay on it.
        { message_id: "m2", subject: "Hi all", sent_at: NOW - 1, from: { person_uuid: ada.uuid }, to: [{ person_uuid: ben.uuid }, { person_uuid: zelda.uuid }] },
      ]);
      await store.meetings.create(tenantUuid, { title: "Lunch", starts_at: NOW, attendees: [{ person_uuid: ada.uuid }, { person_uuid: zelda.uuid }] });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      let erased: Awaited<ReturnType<typeof eraseActivity>> | undefined;
      const statements = await preparedDuring(async () => {
        erased = await eraseActivity(db, tenantUuid, [zeldaUuid], NOW);
      });
      expect([erased!.deletedEmailUuids.length, erased!.keptEmailUuids.length, erased!.rewrittenMeetingUuids.length]).toEqual([1, 1, 1]);
      // Ada loses the email Zelda sent her, and the later lunch, where she is left alone.
      expect([...erased!.lostByPerson]).toEqual([[adaUuid, NOW]]);
      useScaleLStatistics(sqlite, ["email_participants", "emails", "meetings", "meeting_attendees"]);
      const named = statements.filter((source) =>
        /"email_uuid" in \(|"meeting_uuid" in \(|from "emails" where .*"uuid" in \(|from emails e\s+where .*e\.uuid in \(|update "meetings" .*"uuid" in \(|a\.meeting_uuid in \(/.test(source),
      );
      // Which emails go whole, the participants lost, their deletion, the bodies' and the emails' deletion, the kept
      // emails' participations, the persons left alone in a meeting, the attendances, the live and the deleted
      // meetings' updates.
      expect(named.length).toBe(10);
      for (const source of named) expect(tenantWalksIn(planOf(sqlite, withInListsOf(source, 500))), source.slice(0, 160)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
