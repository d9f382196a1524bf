/**
 * The export's reads of the opportunities, notes and tasks linked to the subject, planned with 500 links (a heavy
 * contact's) under statistics like benchmark scale L's (a thousand rows guessed per tenant; notes and tasks, which
 * scale L does not hold, under SQLite's own guesses): each seeks the linked rows by uuid (and the introductions by
 * (tenant_uuid, intro_person_uuid)), where `tenant_uuid = ? and uuid in (...)` walked every opportunity, note or
 * task of the tenant in created_at order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, tenantWalksIn, preparedDuring, withInListsOf } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-personal-data-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const viewer = { user_uuid: null };


describe("the personal data export's linked records, with 500 links under statistics like scale L's", () => {
  it("seeks the linked opportunities, notes and tasks by uuid", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda" });
      const about = [{ entity_type: "PERSON" as const, entity_uuid: zelda.uuid }];
      const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
      const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Linked", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: about }, viewer);
      await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Introduced", type_uuid: type.uuid, stage_uuid: stage.uuid, intro_person_uuid: zelda.uuid }, viewer);
      await store.notes.create({ tenant_uuid: tenantUuid, content: "Met Zelda", associations: about }, viewer);
      await store.tasks.create({ tenant_uuid: tenantUuid, title: "Call Zelda", scope: "WORKSPACE", associations: about }, viewer);
      statements = await preparedDuring(async () => {
        const exported = await store.persons.exportPersonalData(tenantUuid, zelda.uuid);
        expect(exported!.opportunities.map((opportunity) => opportunity.name).sort()).toEqual(["Introduced", "Linked"]);
        expect([exported!.notes.length, exported!.tasks.length]).toEqual([1, 1]);
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["opportunities"]);
      const named = statements.filter((source) => /from "(opportunities|notes|tasks)" .*"uuid" in \(/.test(source));
      expect(named.filter((source) => /from "opportunities"/.test(source)).length).toBe(1);
      expect(named.filter((source) => /from "notes"/.test(source)).length).toBe(1);
      expect(named.filter((source) => /from "tasks"/.test(source)).length).toBe(1);
      for (const source of named) expect(tenantWalksIn(planOf(sqlite, withInListsOf(source, 500))), source.slice(0, 160)).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
