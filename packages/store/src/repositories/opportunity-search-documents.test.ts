/**
 * The opportunities' search documents of migration 0018 against the records they are made of: after any
 * renames, links, unlinks, deletes and merges, once the notes are applied, each live opportunity's
 * document holds its name and its live linked persons' and companies' names, and nothing else has one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { NotFoundError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { markPersonsDeleted } from "../testing/deleted-persons.js";
import { opportunitiesMatching } from "../testing/search-matches.js";
import type { SearchPlan } from "./opportunity-list-query.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-search-documents-"));
const path = join(folder, "documents.db");
const viewer = { user_uuid: null };
let store: Store;
let sqlite: SqliteDatabase.Database;
let db: Kysely<Database>;

beforeAll(async () => {
  store = await createSqliteStore({ path });
  sqlite = new SqliteDatabase(path);
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
});
afterAll(async () => {
  await db.destroy();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Links a person or company to the opportunity; refused, writing nothing, when either is deleted. */
async function link(tenantUuid: string, opportunity: string, target: { type: "PERSON" | "COMPANY"; uuid: string }) {
  const live =
    (await store.records.existing(tenantUuid, "OPPORTUNITY", [opportunity], viewer)).has(opportunity) &&
    (await store.records.existing(tenantUuid, target.type, [target.uuid], viewer)).has(target.uuid);
  const linking = store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: opportunity }, target, viewer);
  if (live) await linking;
  else await expect(linking).rejects.toThrow(NotFoundError);
}

/** Each live opportunity's document as its lines, sorted. */
function documents(tenantUuid: string): Map<string, string[]> {
  const rows = sqlite.prepare("select opportunity_uuid, document from opportunity_search_documents where tenant_uuid = ?").all(tenantUuid) as Array<{
    opportunity_uuid: string;
    document: string;
  }>;
  return new Map(rows.map((row) => [row.opportunity_uuid, row.document.split("\n").sort()]));
}

/** What each live opportunity's document should hold, read from the records themselves. */
function expectedDocuments(tenantUuid: string): Map<string, string[]> {
  const opportunities = sqlite.prepare("select uuid, name from opportunities where tenant_uuid = ? and deleted_at is null").all(tenantUuid) as Array<{ uuid: string; name: string }>;
  const linked = sqlite.prepare(`select a.owner_uuid, coalesce(p.name, c.company_name) as name from associations a
    left join persons p on a.entity_type = 'PERSON' and p.uuid = a.entity_uuid and p.tenant_uuid = a.tenant_uuid and p.deleted_at is null
    left join companies c on a.entity_type = 'COMPANY' and c.uuid = a.entity_uuid and c.tenant_uuid = a.tenant_uuid and c.deleted_at is null
    where a.tenant_uuid = ? and a.owner_type = 'OPPORTUNITY' and coalesce(p.name, c.company_name) is not null`);
  const expected = new Map(opportunities.map((row) => [row.uuid, [row.name]]));
  for (const row of linked.all(tenantUuid) as Array<{ owner_uuid: string; name: string }>) expected.get(row.owner_uuid)?.push(row.name);
  for (const lines of expected.values()) lines.sort();
  return expected;
}

const letter = fc.constantFrom("a", "B", "é", "É", "%", "_", " ", "x");
const nameArbitrary = fc.string({ unit: letter, minLength: 1, maxLength: 6 });
/**
 * Names the store takes only when not blank: a person's on create (persons.create refuses one, though a rename may
 * still blank it), a company's and an opportunity's always.
 */
const nonBlankNameArbitrary = nameArbitrary.filter((name) => name.trim() !== "");
const change = fc.oneof(
  fc.record({ kind: fc.constant("rename-person"), index: fc.nat(), name: nameArbitrary }),
  fc.record({ kind: fc.constantFrom("rename-company", "rename-opportunity"), index: fc.nat(), name: nonBlankNameArbitrary }),
  fc.record({ kind: fc.constantFrom("link-person", "link-company"), index: fc.nat(), target: fc.nat() }),
  fc.record({ kind: fc.constantFrom("unlink", "delete-opportunity", "delete-person"), index: fc.nat() }),
  fc.record({ kind: fc.constant("merge"), index: fc.nat(), target: fc.nat() }),
);

describe("opportunity search documents", () => {
  it("hold each live opportunity's name and its live linked persons' and companies' names, through any changes", async () => {
    let deletedAt = Date.UTC(2026, 0, 1);
    await fc.assert(
      fc.asyncProperty(
        fc.array(nonBlankNameArbitrary, { minLength: 1, maxLength: 5 }),
        fc.array(nonBlankNameArbitrary, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(nonBlankNameArbitrary, fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }),
        fc.array(change, { maxLength: 8 }),
        fc.array(fc.string({ unit: letter, minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }),
        async (personNames, companyNames, deals, changes, words) => {
          const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
          const persons = await Promise.all(personNames.map(async (name) => (await store.persons.create({ tenant_uuid: tenantUuid, name })).uuid));
          const companies = await Promise.all(companyNames.map(async (company_name) => (await store.companies.create({ tenant_uuid: tenantUuid, company_name })).uuid));
          const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
          const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
          const opportunities: string[] = [];
          for (const [name, person, company] of deals) {
            const associations = [
              { entity_type: "PERSON" as const, entity_uuid: persons[person % persons.length]! },
              { entity_type: "COMPANY" as const, entity_uuid: companies[company % companies.length]! },
            ];
            opportunities.push((await store.opportunities.create({ tenant_uuid: tenantUuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations }, viewer)).uuid);
          }
          // Applied before the changes, so that the changes' own notes must bring the documents along.
          await store.nameSearch.catchUp(tenantUuid);
          expect(documents(tenantUuid)).toEqual(expectedDocuments(tenantUuid));

          const pick = <T>(items: readonly T[], index: number) => items[index % items.length]!;
          for (const step of changes) {
            const opportunity = pick(opportunities, step.index);
            if (step.kind === "rename-person") await store.persons.update(tenantUuid, pick(persons, step.index), { name: step.name });
            if (step.kind === "rename-company") await store.companies.update(tenantUuid, pick(companies, step.index), { company_name: step.name });
            if (step.kind === "rename-opportunity") await store.opportunities.update(tenantUuid, opportunity, { name: step.name }, viewer, viewer);
            if (step.kind === "link-person") await link(tenantUuid, opportunity, { type: "PERSON", uuid: pick(persons, step.target) });
            if (step.kind === "link-company") await link(tenantUuid, opportunity, { type: "COMPANY", uuid: pick(companies, step.target) });
            if (step.kind === "unlink") {
              const [first] = await store.associations.list(tenantUuid, "OPPORTUNITY", opportunity, viewer);
              if (first) await store.associations.unlink(tenantUuid, "OPPORTUNITY", opportunity, first.uuid, viewer);
            }
            if (step.kind === "delete-opportunity") await store.opportunities.delete(tenantUuid, opportunity);
            if (step.kind === "delete-person") await markPersonsDeleted(path, [pick(persons, step.index)], (deletedAt += 1_000));
            if (step.kind === "merge") {
              const [canonical, superseded] = [pick(persons, step.index), pick(persons, step.target)];
              const live = await store.persons.getMany(tenantUuid, [canonical, superseded]);
              if (canonical !== superseded && live.size === 2) {
                await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });
              }
            }
          }
          await store.nameSearch.catchUp(tenantUuid);
          expect(documents(tenantUuid)).toEqual(expectedDocuments(tenantUuid));

          // And a search over them finds what reading every name finds.
          const search = words.join(" ");
          const matching = (plan: SearchPlan) => opportunitiesMatching(db, tenantUuid, search, plan, "uuid");
          expect(await matching({ reads: "documents" })).toEqual(await matching({ reads: "names" }));
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
