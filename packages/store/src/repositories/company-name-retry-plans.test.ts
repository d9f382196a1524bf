/**
 * The company list's fuzzy `name` retry, planned under statistics like benchmark scale L's: the page and its total
 * seek the retry's matches by key, closest first and in every sort, from a cursor too, never walking the tenant's
 * companies.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { COMPANY_SORT_FIELDS } from "../store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-company-name-retry-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the company list's fuzzy name retry, under statistics like scale L's", () => {
  it("seeks the matches by key for the page and the total, in every sort and from a cursor", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const company_name of ["Northwind Robotics", "Northwind Traders", "Globex Health"]) await store.companies.create({ tenant_uuid: tenantUuid, company_name });
      statements = await preparedDuring(async () => {
        for (const sort_by of [undefined, ...COMPANY_SORT_FIELDS]) {
          const request = { filters: { name: "Nortwind Inc" }, sort_by, order: "asc" as const, limit: 1 };
          const first = await store.companies.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
          expect(first.rows).toHaveLength(1);
          const next = await store.companies.list(tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
          expect(next.rows).toHaveLength(1);
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["companies"]);
      const fuzzy = statements.filter((source) => /from "companies"/.test(source) && source.includes("json_each"));
      // A page and a total by offset, a page from the cursor, for closest first and each sort.
      expect(fuzzy.length).toBeGreaterThanOrEqual((COMPANY_SORT_FIELDS.length + 1) * 2);
      for (const source of fuzzy) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, `${source}\n${plan}`).toContain("SEARCH companies USING INDEX sqlite_autoindex_companies_1 (uuid=?)");
      }
    } finally {
      sqlite.close();
    }
  });
});
