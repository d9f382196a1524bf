/**
 * The person and company lists in name order, planned under statistics like benchmark scale L's (200,000 persons,
 * a thousand guessed per tenant): the page reads the name-order index (migration 0064) in order, both ways, so a
 * numbered page skips its offset in the index and a cursor seeks its place; nothing is sorted afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-name-order-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the person and company lists in name order, under statistics like scale L's", () => {
  it("read the name-order index in order, by page number and from a cursor, in both orders", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const name of ["Ábel", "abel", "Zoe", "Éva"]) {
        await store.persons.create({ tenant_uuid: tenantUuid, name });
        await store.companies.create({ tenant_uuid: tenantUuid, company_name: name });
      }
      statements = await preparedDuring(async () => {
        for (const order of ["asc", "desc"] as const) {
          for (const offset of [0, 2]) {
            const position = { kind: "offset" as const, offset };
            const persons = await store.persons.list(tenantUuid, { position, limit: 1, filters: {}, sort_by: "name", order });
            await store.persons.list(tenantUuid, { position: { kind: "after", key: persons.lastKey! }, limit: 1, filters: {}, sort_by: "name", order });
            const companies = await store.companies.list(tenantUuid, { position, limit: 1, filters: {}, sort_by: "company_name", order });
            await store.companies.list(tenantUuid, { position: { kind: "after", key: companies.lastKey! }, limit: 1, filters: {}, sort_by: "company_name", order });
          }
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons", "companies"]);
      for (const [table, index] of [
        ["persons", "persons_live_name_order"],
        ["companies", "companies_live_name_order"],
      ] as const) {
        const pages = statements.filter((source) => source.includes(`from "${table}"`) && /order by/i.test(source) && /limit/i.test(source));
        // Offset and cursor pages, ascending and descending (a statement prepared once serves its repeats).
        expect(pages.filter((source) => / offset /i.test(source)), table).toHaveLength(2);
        expect(pages.filter((source) => /\) [<>] \(/.test(source)), table).toHaveLength(2);
        for (const source of pages) {
          const plan = planOf(sqlite, source);
          expect(plan, `${source}\n${plan}`).toMatch(new RegExp(`^SEARCH ${table} USING INDEX ${index} \\(tenant_uuid=\\?`));
          expect(plan, `${source}\n${plan}`).not.toContain("TEMP B-TREE");
        }
      }
    } finally {
      sqlite.close();
    }
  });
});
