import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import { readDuring } from "../../testing/sqlite-plans.js";
import { recountOnePersonActivity } from "./0045-one-person-activity-recounted.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };
const folder = mkdtempSync(join(tmpdir(), "rapport-0045-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * A tenant with a note Cleo wrote to herself yesterday, a meeting of one today, and deals linked to her, to her
 * company, and to Ben (elsewhere, with an ordinary email; Dan and Eve write each other later): as a database written before 0045 held them, every date
 * of hers raised to the note or the meeting, and a pending raise of hers at the meeting's time.
 */
async function databaseWrittenBefore0045(path: string) {
  const store = await createSqliteStore({ path, now: () => NOW });
  try {
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
    const ben = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben", emails: ["ben@initech.example"] });
    await store.emails.ingest(tenantUuid, { message_id: "older", sent_at: NOW - 9 * day, from: { email: "ben@initech.example" }, to: [{ email: "cleo@globex.example" }] });
    // Someone else's later email: Cleo's dates do not come from it.
    await store.emails.ingest(tenantUuid, { message_id: "others", sent_at: NOW - 2 * day, from: { email: "dan@initech.example" }, to: [{ email: "eve@initech.example" }] });
    await store.emails.ingest(tenantUuid, { message_id: "note", sent_at: NOW - 1 * day, from: { email: "cleo@globex.example" } });
    await store.meetings.create(tenantUuid, { title: "Focus", starts_at: NOW, attendees: [{ person_uuid: cleo.uuid }] });
    const deal = (associations: Array<{ entity_type: "PERSON" | "COMPANY"; entity_uuid: string }>) =>
      store.opportunities.create({ tenant_uuid: tenantUuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid, associations }, viewer);
    const deals = [
      await deal([{ entity_type: "PERSON", entity_uuid: cleo.uuid }]),
      await deal([{ entity_type: "COMPANY", entity_uuid: globex.uuid }]),
      await deal([{ entity_type: "PERSON", entity_uuid: ben.uuid }]),
    ].map((created) => created.uuid);
    return { tenantUuid, cleo: cleo.uuid, deals, store };
  } catch (error) {
    await store.close();
    throw error;
  }
}

describe("migration 0045-one-person-activity-recounted", () => {
  it("recomputes the dates an interaction with one person in it raised, and the pending raises it left", async () => {
    const path = join(folder, "recount.db");
    const { tenantUuid, cleo, deals, store } = await databaseWrittenBefore0045(path);
    const datesOf = async () =>
      Promise.all(
        deals.map(async (uuid) => {
          const deal = (await store.opportunities.get(tenantUuid, uuid, viewer))!;
          return [deal.person_last_activity_at, deal.company_last_activity_at, deal.last_activity_at];
        }),
      );
    const expected = [
      [NOW - 9 * day, null, NOW - 9 * day],
      [null, NOW - 9 * day, NOW - 9 * day],
      [NOW - 9 * day, null, NOW - 9 * day],
    ];
    expect(await datesOf()).toEqual(expected);
    await store.close();

    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      sqlite.prepare("update opportunities set person_last_activity_at = ?, last_activity_at = ? where uuid = ?").run(NOW, NOW, deals[0]);
      sqlite.prepare("update opportunities set company_last_activity_at = ?, last_activity_at = ? where uuid = ?").run(NOW - day, NOW - day, deals[1]);
      sqlite.prepare("insert into opportunity_activity_pending (tenant_uuid, person_uuid, at) values (?, ?, ?)").run(tenantUuid, cleo, NOW);
      sqlite.prepare("insert or replace into opportunity_activity_floors (tenant_uuid, entity_type, entity_uuid, floor_at) values (?, 'PERSON', ?, ?)").run(tenantUuid, cleo, NOW);
      await recountOnePersonActivity(db, NOW);
      expect(sqlite.prepare("select person_uuid, at from opportunity_activity_pending").all()).toEqual([{ person_uuid: cleo, at: NOW - 9 * day }]);
      expect(sqlite.prepare("select count(*) as floors from opportunity_activity_floors").get()).toEqual({ floors: 0 });
      expect(sqlite.prepare("select name from sqlite_temp_master").all()).toEqual([]);
    } finally {
      await db.destroy();
    }

    const reopened = await createSqliteStore({ path, now: () => NOW });
    try {
      const deal = async (uuid: string) => {
        const read = (await reopened.opportunities.get(tenantUuid, uuid, viewer))!;
        return [read.person_last_activity_at, read.company_last_activity_at, read.last_activity_at];
      };
      expect(await Promise.all(deals.map(deal))).toEqual(expected);
      await reopened.opportunities.refreshActivity(tenantUuid);
      expect(await Promise.all(deals.map(deal))).toEqual(expected);
    } finally {
      await reopened.close();
    }
  });

  it("reads nothing but the emails and attendances when no interaction has one person in it", async () => {
    const path = join(folder, "none.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    await store.close();
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      const reads = await readDuring(() => recountOnePersonActivity(db, NOW));
      expect(reads.filter((source) => /\b(opportunities|associations|affiliations|opportunity_activity_pending)\b/.test(source))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
