/**
 * Property: after a company merge, no row of any table names the superseded company but its own record, its merge
 * record and its deletions log entry; and each person of either company has at most one current tenure at the
 * canonical one. Every table and every text column is read from the schema itself, so a table a later migration adds
 * with a company reference fails here until the merge moves it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { createLinkedDealsTenant, createLinkedOpportunities } from "../testing/linked-deals.js";

/**
 * Where the superseded company's uuid stays: its own row, its merge, its deletions log entry, and the name index's
 * entry of its row (kept for soft-deleted records, as a merged-away person's; searches read live records only).
 */
const KEPT = new Set(["companies.uuid", "company_merges.superseded_uuid", "record_deletions.uuid", "name_search_keys.uuid", "name_search_pending.uuid"]);

const tenureArbitrary = fc.record({
  company: fc.constantFrom(0, 1),
  current: fc.boolean(),
  startYear: fc.option(fc.integer({ min: 2010, max: 2024 }), { nil: null }),
  years: fc.integer({ min: 0, max: 4 }),
});
// One tenure at each company at most: a person already twice current at one company stays so, merge or not.
const personArbitrary = fc.record({
  tenures: fc.uniqueArray(tenureArbitrary, { selector: (tenure) => tenure.company, maxLength: 2 }),
  primary: fc.constantFrom(null, 0, 1),
});
const dealArbitrary = fc.subarray([0, 1], { minLength: 1 });

const folder = mkdtempSync(join(tmpdir(), "rapport-company-merge-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The columns (`table.column`) of the database at `path` with a row naming `uuid`, but those KEPT. */
function columnsNaming(path: string, uuid: string): string[] {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{ name: string }>;
    const found: string[] = [];
    for (const { name: table } of tables) {
      const columns = sqlite.prepare("select name, type from pragma_table_info(?)").all(table) as Array<{ name: string; type: string }>;
      for (const { name: column, type } of columns) {
        if (!/text/i.test(type) || KEPT.has(`${table}.${column}`)) continue;
        const { hits } = sqlite.prepare(`select count(*) as hits from "${table}" where instr("${column}", ?) > 0`).get(uuid) as { hits: number };
        if (hits > 0) found.push(`${table}.${column}`);
      }
    }
    return found;
  } finally {
    sqlite.close();
  }
}

describe("a company merge", () => {
  let run = 0;
  it("leaves no row naming the superseded company, and one current tenure at most per person", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(personArbitrary, { minLength: 1, maxLength: 4 }), fc.array(dealArbitrary, { maxLength: 3 }), async (people, deals) => {
        let clock = Date.UTC(2026, 11, 1);
        const path = join(folder, `${(run += 1)}.db`);
        const store = await createSqliteStore({ path, now: () => (clock += 1) });
        try {
          const tenant = await createLinkedDealsTenant(store, 2, []);
          const [acme, duplicate] = tenant.companies as [string, string];
          await store.companies.update(tenant.tenantUuid, duplicate, { domain: "acme.io", former_domains: ["acme.net"], service_industry_tags: ["saas"] });
          const list = await store.entityLists.create({ tenant_uuid: tenant.tenantUuid, name: "Targets", kind: "companies", owner_user_uuid: null });
          await store.entityLists.addMembers(tenant.tenantUuid, list.uuid, [acme, duplicate], null);
          const persons: string[] = [];
          for (const [index, person] of people.entries()) {
            const tenures = person.tenures.map((tenure) => ({
              company_uuid: tenant.companies[tenure.company]!,
              is_current: tenure.current,
              started_on: tenure.startYear === null ? null : `${tenure.startYear}-01-01`,
              // A past tenure ends by the clock's today (2026-12-01): one ending later is refused.
              ended_on: tenure.current || tenure.startYear === null ? null : `${Math.min(tenure.startYear + tenure.years, 2025)}-12-31`,
            }));
            const primary = person.primary === null ? null : tenant.companies[person.primary]!;
            const created = await store.persons.create({
              tenant_uuid: tenant.tenantUuid,
              name: `Person ${index}`,
              emails: [`p${index}@example.com`],
              affiliations: tenures.filter((tenure) => tenure.company_uuid !== primary),
              primary_company_uuid: primary,
            });
            persons.push(created.uuid);
          }
          tenant.persons.push(...persons);
          await createLinkedOpportunities(store, tenant, deals.map((companies) => ({ persons: [], companies })));
          await store.notes.create({ tenant_uuid: tenant.tenantUuid, content: "Met Acme", associations: [{ entity_type: "COMPANY", entity_uuid: duplicate }] }, { user_uuid: null });

          await store.companyMerges.merge({ tenant_uuid: tenant.tenantUuid, canonical_uuid: acme, superseded_uuid: duplicate, preview: false, merged_by_user_uuid: null });

          expect(columnsNaming(path, duplicate)).toEqual([]);
          const tenures = await store.affiliations.listForPersons(tenant.tenantUuid, persons);
          for (const person of persons) {
            const current = (tenures.get(person) ?? []).filter((tenure) => tenure.company_uuid === acme && tenure.is_current);
            expect(current.length).toBeLessThanOrEqual(1);
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 20 },
    );
  });
});
