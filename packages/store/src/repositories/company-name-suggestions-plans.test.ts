/**
 * `companies.nameSuggestions`, planned under statistics like benchmark scale L's: the suggested companies are read by
 * key, never by walking the tenant's companies again once their names are known.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-company-name-suggestions-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the company name suggestions, under statistics like scale L's", () => {
  it("read the suggested companies by key, with or without another filter", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      for (const company_name of ["Northwind Robotics", "Northwind Traders", "Globex Health"]) await store.companies.create({ tenant_uuid: tenantUuid, company_name, city: "Boston" });
      statements = await preparedDuring(async () => {
        for (const filters of [{ name: "Nortwind Inc" }, { name: "Nortwind Inc", city: "boston" }]) {
          expect(await store.companies.nameSuggestions(tenantUuid, filters, 5)).toHaveLength(2);
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["companies"]);
      const byUuid = statements.filter((source) => /from "companies"/.test(source) && /"uuid" in \(/.test(source));
      expect(byUuid.length).toBeGreaterThanOrEqual(1);
      for (const source of byUuid) {
        const plan = planOf(sqlite, source);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
        expect(plan, `${source}\n${plan}`).toContain("SEARCH companies USING INDEX sqlite_autoindex_companies_1 (uuid=?)");
      }
    } finally {
      sqlite.close();
    }
  });
});
