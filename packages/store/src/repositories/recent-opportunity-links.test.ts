/**
 * `associations.recentOpportunitiesOf` against a reference built from every link: a busy contact (over
 * 1,000 links), a few-links one, deleted opportunities (left out of the counts, never named) and equal
 * `updated_at` (ties by uuid), at limits 1 to 3. And the plans of the statements that read opportunity
 * links under statistics like benchmark scale L's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf as planOfStatement, preparedDuring, readDuring } from "../testing/sqlite-plans.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-recent-links-"));
const path = join(folder, "links.db");

const viewer = { user_uuid: null };
let store: Store;
let tenantUuid: string;
let persons: { busy: string; few: string; none: string; onlyDeleted: string };
/** Every opportunity with its `updated_at`, its linked persons, and whether it is deleted. */
const opportunities: Array<{ uuid: string; updatedAt: number; linked: string[]; deleted: boolean }> = [];

beforeAll(async () => {
  let time = Date.UTC(2026, 0, 1);
  store = await createSqliteStore({ path, now: () => time });
  const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
  tenantUuid = tenant.uuid;
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const person = async (name: string) => (await store.persons.create({ tenant_uuid: tenantUuid, name })).uuid;
  persons = { busy: await person("Busy"), few: await person("Few"), none: await person("None"), onlyDeleted: await person("Only deleted") };
  // One commit for the thousand: each create a commit of its own was most of the file's time.
  await store.transaction(async (transactional) => {
    for (let index = 0; index < 1_040; index += 1) {
      // Every third opportunity shares its update time with the one before: ties order by uuid.
      if (index % 3 !== 2) time += 1_000;
      const linked = [persons.busy, ...(index % 97 === 0 ? [persons.few] : []), ...(index === 500 ? [persons.onlyDeleted] : [])];
      const created = await transactional.opportunities.create(
        { tenant_uuid: tenantUuid, name: `Deal ${index}`, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: linked.map((uuid) => ({ entity_type: "PERSON" as const, entity_uuid: uuid })) },
        viewer,
      );
      opportunities.push({ uuid: created.uuid, updatedAt: time, linked, deleted: false });
    }
  });
  // The newest ones and a few others are deleted; one old one is updated, which makes it the newest.
  for (const index of [1_039, 1_038, 500, 97, 3]) {
    await store.opportunities.delete(tenantUuid, opportunities[index]!.uuid);
    opportunities[index]!.deleted = true;
  }
  time += 1_000;
  await store.opportunities.update(tenantUuid, opportunities[194]!.uuid, { name: "Deal 194, revived" }, { user_uuid: null }, viewer);
  opportunities[194]!.updatedAt = time;
}, 60_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

function expected(personUuid: string, limit: number): { total: number; recent: string[] } | undefined {
  const live = opportunities
    .filter((opportunity) => !opportunity.deleted && opportunity.linked.includes(personUuid))
    .sort((left, right) => right.updatedAt - left.updatedAt || (left.uuid < right.uuid ? -1 : 1));
  return live.length === 0 ? undefined : { total: live.length, recent: live.slice(0, limit).map((opportunity) => opportunity.uuid) };
}

describe("recentOpportunitiesOf", () => {
  it("counts live links and names the most recently updated, busy contact or not", async () => {
    for (const limit of [1, 2, 3]) {
      const found = await store.transaction((transactional) =>
        transactional.associations.recentOpportunitiesOf(tenantUuid, "PERSON", [persons.busy, persons.few, persons.none, persons.onlyDeleted, persons.few], limit),
      );
      expect(found.get(persons.busy)).toEqual(expected(persons.busy, limit));
      expect(found.get(persons.few)).toEqual(expected(persons.few, limit));
      expect(found.has(persons.none)).toBe(false);
      expect(found.has(persons.onlyDeleted)).toBe(false);
      expect(found.size).toBe(2);
    }
    expect(expected(persons.busy, 3)!.total).toBe(1_035);
    expect(expected(persons.busy, 3)!.recent[0]).toBe(opportunities[194]!.uuid);
  });

  it("answers the same for companies' links, and nothing for another tenant", async () => {
    const other = await store.tenants.create({ name: "Globex", tier: "standard" });
    expect((await store.associations.recentOpportunitiesOf(other.uuid, "PERSON", [persons.busy], 3)).size).toBe(0);
    expect((await store.associations.recentOpportunitiesOf(tenantUuid, "COMPANY", [persons.busy], 3)).size).toBe(0);
  });

  it("leaves out an opportunity another writer marked deleted without removing its links", async () => {
    // The store's own delete removes the links; a row deleted behind its back keeps them.
    const revived = opportunities[194]!;
    const other = new SqliteDatabase(path);
    try {
      other.prepare("update opportunities set deleted_at = ? where uuid = ?").run(Date.UTC(2026, 5, 1), revived.uuid);
    } finally {
      other.close();
    }
    revived.deleted = true;
    await othersCommitsSeen();
    const found = await store.associations.recentOpportunitiesOf(tenantUuid, "PERSON", [persons.busy, persons.few], 3);
    expect(found.get(persons.busy)).toEqual(expected(persons.busy, 3));
    expect(found.get(persons.few)).toEqual(expected(persons.few, 3));
    expect(found.get(persons.busy)!.total).toBe(1_034);
  });

  it("reads opportunity links through their covering index, whatever the sampled statistics say", async () => {
    const statements = await preparedDuring(async () => {
      // Three uuids: a statement text no earlier call prepared (the driver keeps its prepared statements).
      await store.transaction((transactional) => transactional.associations.recentOpportunitiesOf(tenantUuid, "PERSON", [persons.busy, persons.few, persons.none], 3));
      const page = await store.opportunities.list(tenantUuid, {
        filters: { person_uuids: [persons.few, persons.onlyDeleted] },
        order: "asc",
        viewer,
        position: { kind: "offset", offset: 0 },
        limit: 100,
      });
      expect(page.rows.map((row) => row.uuid).sort()).toEqual(
        opportunities.filter((opportunity) => !opportunity.deleted && opportunity.linked.includes(persons.few)).map((opportunity) => opportunity.uuid).sort(),
      );
      expect((await store.associations.opportunitiesOf(tenantUuid, "PERSON", [persons.few, persons.none])).get(persons.few)).toEqual(
        opportunities.filter((opportunity) => !opportunity.deleted && opportunity.linked.includes(persons.few)).map((opportunity) => opportunity.uuid).sort(),
      );
    });
    const counts = statements.filter((source) => /from "?live_opportunity_links"?/i.test(source));
    expect(counts).toHaveLength(1);
    // Its text does not change with the number of entities: prepared by the tests above, so read here
    // (in a transaction: nothing remembered).
    const read = await readDuring(() =>
      store.transaction((transactional) => transactional.associations.recentOpportunitiesOf(tenantUuid, "PERSON", [persons.busy, persons.few], 3)),
    );
    const recent = read.filter((source) => /from live_opportunity_link_recency/i.test(source));
    expect(recent).toHaveLength(1);
    const lists = statements.filter((source) => /as "?opportunity_uuid"?/i.test(source) && !/row_number/i.test(source));
    expect(lists).toHaveLength(1);
    // The list filtered by linked persons: their links found once, not a probe per opportunity of the tenant.
    const filteredPages = statements.filter((source) => /o\.uuid in \(select a\.owner_uuid/i.test(source) && /limit/i.test(source));
    expect(filteredPages.length).toBeGreaterThanOrEqual(1);
    // What the store's sampled statistics said at benchmark scale L: a thousand links per entity in both
    // indexes. Under them SQLite reads each link's row through associations_entity.
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["associations"]);
      const planOf = (source: string) => planOfStatement(sqlite, source);
      expect(planOf(counts[0]!)).toContain("SEARCH live_opportunity_links USING PRIMARY KEY (tenant_uuid=? AND entity_type=? AND entity_uuid=?)");
      // Each entity's first entries of its range, newest first: no sort but the few it names.
      expect(planOf(recent[0]!)).toContain(
        "SEARCH r USING COVERING INDEX live_opportunity_link_recency_newest_first (tenant_uuid=? AND entity_type=? AND entity_uuid=?)",
      );
      expect(planOf(recent[0]!)).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      expect(planOf(lists[0]!)).toContain("COVERING INDEX associations_opportunity_links");
      for (const source of filteredPages) {
        expect(planOf(source)).toContain("COVERING INDEX associations_opportunity_links");
        expect(planOf(source)).not.toContain("CORRELATED");
      }
    } finally {
      sqlite.close();
    }
  });
});
