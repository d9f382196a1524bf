/**
 * Migrations 0021 and 0023: the kept counts of live opportunity links, and the kept links with their
 * opportunities' update times, equal what the links and opportunities themselves say, after the backfill
 * and after any sequence of writes to links and opportunities, whoever writes them.
 */
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

const OPPORTUNITIES = [
  { uuid: "o1", tenant: "t1" },
  { uuid: "o2", tenant: "t1" },
  { uuid: "o3", tenant: "t1" },
  { uuid: "o4", tenant: "t2" },
];
const ENTITIES = [
  { type: "PERSON", uuid: "p1" },
  { type: "PERSON", uuid: "p2" },
  { type: "COMPANY", uuid: "c1" },
  { type: "NOTE", uuid: "n1" },
];

/** A migrated database in memory, migrated up to `upTo` (every migration when absent), with foreign keys off. */
async function migratedDatabase(upTo?: string) {
  const sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest()).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  sqlite.exec("insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Globex', 'standard', 1)");
  return { sqlite, db, migrator };
}

/**
 * A fresh copy of the database migrated to the latest, with the two tenants: the property opens one per run,
 * and migrating each afresh made it the slowest test of the suite (past its timeout on a loaded machine).
 */
let migratedImage: Buffer | undefined;
async function migratedCopy() {
  if (migratedImage === undefined) {
    const { sqlite, db } = await migratedDatabase();
    migratedImage = sqlite.serialize();
    await db.destroy();
  }
  const sqlite = new SqliteDatabase(migratedImage);
  sqlite.pragma("foreign_keys = off");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { sqlite, db };
}

/** The counts by definition: links from a live opportunity of the link's tenant to a person or company. */
function countedFromLinks(sqlite: SqliteDatabase.Database) {
  return sqlite
    .prepare(
      `select a.tenant_uuid, a.entity_type, a.entity_uuid, count(*) as links
       from associations a join opportunities o on o.uuid = a.owner_uuid and o.tenant_uuid = a.tenant_uuid and o.deleted_at is null
       where a.owner_type = 'OPPORTUNITY' and a.entity_type in ('PERSON', 'COMPANY')
       group by 1, 2, 3 order by 1, 2, 3`,
    )
    .all();
}

const kept = (sqlite: SqliteDatabase.Database) =>
  sqlite.prepare("select tenant_uuid, entity_type, entity_uuid, links from live_opportunity_links order by 1, 2, 3").all();

/** The held links by definition: those counted, each with its opportunity's update time. */
function recencyFromLinks(sqlite: SqliteDatabase.Database) {
  return sqlite
    .prepare(
      `select a.tenant_uuid, a.entity_type, a.entity_uuid, a.owner_uuid as opportunity_uuid, o.updated_at
       from associations a join opportunities o on o.uuid = a.owner_uuid and o.tenant_uuid = a.tenant_uuid and o.deleted_at is null
       where a.owner_type = 'OPPORTUNITY' and a.entity_type in ('PERSON', 'COMPANY')
       order by 1, 2, 3, 4`,
    )
    .all();
}

const keptRecency = (sqlite: SqliteDatabase.Database) =>
  sqlite.prepare("select tenant_uuid, entity_type, entity_uuid, opportunity_uuid, updated_at from live_opportunity_link_recency order by 1, 2, 3, 4").all();

function insertOpportunity(sqlite: SqliteDatabase.Database, uuid: string, tenant: string, deletedAt: number | null) {
  sqlite
    .prepare(
      `insert or ignore into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, stage_entered_at, created_at, updated_at, deleted_at)
       values (?, ?, 'type', 'stage', ?, 1, 1, 1, ?)`,
    )
    .run(uuid, tenant, `Deal ${uuid}`, deletedAt);
}

/** The store's direction-free key of a link: one link a pair at most (`associations_link`). */
const linkKey = (first: { type: string; uuid: string }, second: { type: string; uuid: string }) =>
  [`${first.type}:${first.uuid}`, `${second.type}:${second.uuid}`].sort().join("|");

function link(sqlite: SqliteDatabase.Database, tenant: string, owner: { type: string; uuid: string }, entity: { type: string; uuid: string }) {
  const key = linkKey(owner, entity);
  sqlite
    .prepare(
      `insert or ignore into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, 1, 1)`,
    )
    .run(`${tenant}:${key}`, tenant, owner.type, owner.uuid, entity.type, entity.uuid, key);
}

const opportunity = fc.constantFrom(...OPPORTUNITIES);
const entity = fc.constantFrom(...ENTITIES);
const write = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), opportunity, deleted: fc.boolean() }),
  fc.record({ kind: fc.constant("link" as const), opportunity, entity, reversed: fc.boolean(), otherTenant: fc.boolean() }),
  fc.record({ kind: fc.constant("unlink" as const), opportunity, entity }),
  fc.record({ kind: fc.constant("repoint" as const), opportunity, entity, to: entity }),
  fc.record({ kind: fc.constant("soft delete" as const), opportunity }),
  fc.record({ kind: fc.constant("restore" as const), opportunity }),
  fc.record({ kind: fc.constant("hard delete" as const), opportunity }),
  fc.record({ kind: fc.constant("unlink all" as const), entity }),
  fc.record({ kind: fc.constant("touch" as const), opportunity, at: fc.integer({ min: 1, max: 20 }) }),
);
type Write = typeof write extends fc.Arbitrary<infer W> ? W : never;

function apply(sqlite: SqliteDatabase.Database, step: Write) {
  switch (step.kind) {
    case "create":
      return insertOpportunity(sqlite, step.opportunity.uuid, step.opportunity.tenant, step.deleted ? 5 : null);
    case "link": {
      const tenant = step.otherTenant ? (step.opportunity.tenant === "t1" ? "t2" : "t1") : step.opportunity.tenant;
      const owner = { type: "OPPORTUNITY", uuid: step.opportunity.uuid };
      return step.reversed ? link(sqlite, tenant, step.entity, owner) : link(sqlite, tenant, owner, step.entity);
    }
    case "unlink":
      return sqlite.prepare("delete from associations where owner_uuid = ? and entity_uuid = ?").run(step.opportunity.uuid, step.entity.uuid);
    case "repoint":
      // As a person merge does: the link moves to the other record unless that pair is linked already.
      return sqlite
        .prepare("update or ignore associations set entity_type = ?, entity_uuid = ?, link_key = ? where owner_uuid = ? and entity_uuid = ?")
        .run(step.to.type, step.to.uuid, linkKey({ type: "OPPORTUNITY", uuid: step.opportunity.uuid }, step.to), step.opportunity.uuid, step.entity.uuid);
    case "soft delete":
      return sqlite.prepare("update opportunities set deleted_at = 9 where uuid = ? and deleted_at is null").run(step.opportunity.uuid);
    case "restore":
      return sqlite.prepare("update opportunities set deleted_at = null where uuid = ?").run(step.opportunity.uuid);
    case "hard delete":
      return sqlite.prepare("delete from opportunities where uuid = ?").run(step.opportunity.uuid);
    case "unlink all":
      return sqlite.prepare("delete from associations where entity_uuid = ? or owner_uuid = ?").run(step.entity.uuid, step.entity.uuid);
    case "touch":
      return sqlite.prepare("update opportunities set updated_at = ? where uuid = ?").run(step.at, step.opportunity.uuid);
  }
}

describe("migrations 0021-live-opportunity-link-counts and 0023-live-opportunity-link-recency", () => {
  it("count and hold the links written before them", async () => {
    const { sqlite, db, migrator } = await migratedDatabase("0020-opportunity-live-rows");
    try {
      for (const { uuid, tenant } of OPPORTUNITIES) insertOpportunity(sqlite, uuid, tenant, uuid === "o3" ? 5 : null);
      for (const { uuid, tenant } of OPPORTUNITIES) for (const target of ENTITIES) link(sqlite, tenant, { type: "OPPORTUNITY", uuid }, target);
      link(sqlite, "t1", { type: "PERSON", uuid: "p2" }, { type: "OPPORTUNITY", uuid: "o9" });
      // Up to these two only: the links name persons and companies this test never writes, which 0055 removes.
      expect((await migrator.migrateTo("0023-live-opportunity-link-recency")).error).toBeUndefined();
      expect(kept(sqlite)).toEqual([
        { tenant_uuid: "t1", entity_type: "COMPANY", entity_uuid: "c1", links: 2 },
        { tenant_uuid: "t1", entity_type: "PERSON", entity_uuid: "p1", links: 2 },
        { tenant_uuid: "t1", entity_type: "PERSON", entity_uuid: "p2", links: 2 },
        { tenant_uuid: "t2", entity_type: "COMPANY", entity_uuid: "c1", links: 1 },
        { tenant_uuid: "t2", entity_type: "PERSON", entity_uuid: "p1", links: 1 },
        { tenant_uuid: "t2", entity_type: "PERSON", entity_uuid: "p2", links: 1 },
      ]);
      expect(kept(sqlite)).toEqual(countedFromLinks(sqlite));
      expect(keptRecency(sqlite)).toHaveLength(9);
      expect(keptRecency(sqlite)).toEqual(recencyFromLinks(sqlite));
    } finally {
      await db.destroy();
    }
  });

  it("keep each count and held link equal to the links' own after any writes, and no count at zero", async () => {
    const start = fc.record({
      deleted: fc.array(fc.boolean(), { minLength: OPPORTUNITIES.length, maxLength: OPPORTUNITIES.length }),
      linked: fc.array(fc.boolean(), { minLength: OPPORTUNITIES.length * ENTITIES.length, maxLength: OPPORTUNITIES.length * ENTITIES.length }),
    });
    let nonEmptyChecks = 0;
    await fc.assert(
      fc.asyncProperty(start, fc.array(write, { minLength: 5, maxLength: 40 }), async ({ deleted, linked }, steps) => {
        const { sqlite, db } = await migratedCopy();
        try {
          OPPORTUNITIES.forEach(({ uuid, tenant }, index) => insertOpportunity(sqlite, uuid, tenant, deleted[index] ? 5 : null));
          OPPORTUNITIES.forEach(({ uuid, tenant }, index) =>
            ENTITIES.forEach((target, at) => {
              if (linked[index * ENTITIES.length + at]) link(sqlite, tenant, { type: "OPPORTUNITY", uuid }, target);
            }),
          );
          for (const step of [undefined, ...steps]) {
            if (step) apply(sqlite, step);
            const counts = kept(sqlite);
            expect(counts).toEqual(countedFromLinks(sqlite));
            expect(keptRecency(sqlite)).toEqual(recencyFromLinks(sqlite));
            if (counts.length > 0) nonEmptyChecks += 1;
          }
        } finally {
          await db.destroy();
        }
      }),
      { numRuns: 150 },
    );
    // Most checks compare counts, not two empty tables.
    expect(nonEmptyChecks).toBeGreaterThan(1_000);
  });
});
