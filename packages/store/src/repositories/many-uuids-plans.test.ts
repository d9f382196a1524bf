/**
 * Statements that name their rows by a list of uuids together with the tenant, on paths where the list can run to
 * hundreds (a feed page's participants, an opportunity's children, the parents of a page of sub-opportunities, the
 * opportunities an erasure touched, the members added to a list), planned
 * with such a list under statistics like benchmark scale L's (a thousand rows guessed per tenant): each seeks its
 * rows by uuid, where `tenant_uuid = ? and uuid in (500 values)` walked every row of the tenant.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, tenantWalksIn, preparedDuring, readDuring, withInListsOf } from "../testing/sqlite-plans.js";
import { rewriteSearchDocuments } from "./opportunity-search-documents.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-many-uuids-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const viewer = { user_uuid: null };


describe("statements naming 500 uuids with the tenant, under statistics like scale L's", () => {
  it("the feed's internal participants, a page's parents, a deleted opportunity and its children, an erasure's search documents, a list's new members: each by uuid", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let tenantUuid: string;
    let childUuid: string;
    const statements: string[] = [];
    try {
      tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
      const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda" });
      await store.meetings.create(tenantUuid, { title: "Lunch", starts_at: NOW - 1, attendees: [{ person_uuid: ada.person_uuid }, { person_uuid: zelda.uuid }] });
      const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal", subopportunities_enabled: true });
      const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      const childStage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "CHILD", name: "Open" });
      const parent = await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Fund", type_uuid: type.uuid, stage_uuid: stage.uuid }, viewer);
      const child = await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Round", type_uuid: type.uuid, stage_uuid: childStage.uuid, parent_uuid: parent.uuid }, viewer);
      childUuid = child.uuid;
      statements.push(
        ...(await preparedDuring(async () => {
          expect((await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10 })).rows.map((item) => item.title)).toEqual(["Lunch"]);
          // The read of the parents' names was prepared when the child was created: seen by its reads.
          const reads = await readDuring(async () => {
            const page = await store.opportunities.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10, filters: {}, order: "asc", viewer });
            expect(page.rows.find((row) => row.uuid === childUuid)?.parent_name).toBe("Fund");
          });
          statements.push(...reads.filter((source) => /^select "uuid", "name" from "opportunities"/.test(source)));
          expect(await store.opportunities.delete(tenantUuid, parent.uuid)).toBe(true);
          const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Hot", kind: "persons", owner_user_uuid: null });
          await store.entityLists.addMembers(tenantUuid, list.uuid, [zelda.uuid], null);
        })),
      );
      expect(await store.opportunities.get(tenantUuid, child.uuid, viewer)).toBeNull();
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      statements.push(...(await preparedDuring(() => rewriteSearchDocuments(db, tenantUuid, [childUuid, randomUUID()]))));
      useScaleLStatistics(sqlite, ["persons", "companies", "opportunities", "associations"]);
      const plansOf = (pattern: RegExp) => statements.filter((source) => pattern.test(source)).map((source) => planOf(sqlite, withInListsOf(source, 500)));
      const internal = plansOf(/from "persons" where .*"is_internal"/);
      const deletion = plansOf(/update "opportunities" set "deleted_at"/);
      const documents = plansOf(/insert into opportunity_search_documents/);
      const members = plansOf(/^select "uuid" from "persons" where .*"deleted_at" is null and "uuid" in/);
      const parents = plansOf(/^select "uuid", "name" from "opportunities" where .*"uuid" in/);
      expect([internal.length, deletion.length, documents.length, members.length, parents.length]).toEqual([1, 1, 1, 1, 1]);
      for (const plan of [...internal, ...deletion, ...documents, ...members, ...parents]) expect(tenantWalksIn(plan), plan).toEqual([]);
      expect(internal[0]).toContain("(uuid=?)");
      expect(deletion[0]).toContain("(uuid=?)");
      expect(documents[0]).toMatch(/^SEARCH o USING INDEX \w+ \(uuid=\?\)/);
    } finally {
      await db.destroy();
    }
  });
});
