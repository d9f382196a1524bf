/**
 * The company lookups an import makes for every row that names a company, planned under statistics like benchmark
 * scale L's: each seeks the tenant's live companies by the compared expression (migration 0040), where the
 * (tenant_uuid, domain) index could not serve `lower(domain)` and every company of the tenant was read; by name, the
 * key migration 0065 keeps. A domain no company holds now is then sought among the companies' former domains
 * (migration 0066). (Their results are checked in `import-repositories.test.ts` and `company-former-domains.test.ts`.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-match-key-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("matchKeys under statistics like scale L's", () => {
  it("companyByDomain and companyByName seek the live companies by the expression they compare", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let byDomain: string[];
    let byName: string[];
    let byFormerDomain: string[];
    let byMergedName: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: " Globex ", domain: "Globex.example" });
      byDomain = await readDuring(async () => expect((await store.matchKeys.companyByDomain(tenantUuid, "globex.EXAMPLE"))?.uuid).toBe(globex.uuid));
      byName = await readDuring(async () => expect((await store.matchKeys.companyByName(tenantUuid, "ＧＬＯＢＥＸ"))?.uuid).toBe(globex.uuid));
      await store.companies.update(tenantUuid, globex.uuid, { domain: "globex.io" });
      byFormerDomain = await readDuring(async () => expect((await store.matchKeys.companyByDomain(tenantUuid, "globex.example"))?.uuid).toBe(globex.uuid));
      const duplicate = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex Corporation" });
      await store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: globex.uuid, superseded_uuid: duplicate.uuid, preview: false, merged_by_user_uuid: null });
      byMergedName = await readDuring(async () => expect((await store.matchKeys.companyByName(tenantUuid, "globex corporation"))?.uuid).toBe(globex.uuid));
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["companies"]);
      const plansOf = (sources: string[]) => sources.filter((source) => /\bcompanies\b/.test(source)).map((source) => planOf(sqlite, source));
      expect(plansOf(byDomain)).toEqual([expect.stringContaining("SEARCH companies USING INDEX companies_match_domain (tenant_uuid=? AND <expr>=?)")]);
      expect(plansOf(byName)).toEqual([expect.stringContaining("SEARCH companies USING INDEX companies_match_name_key (tenant_uuid=? AND name_match_key=?)")]);
      // Not held now: then sought among former domains (migration 0066), each company by its key.
      expect(plansOf(byFormerDomain)).toEqual([
        expect.stringContaining("SEARCH companies USING INDEX companies_match_domain (tenant_uuid=? AND <expr>=?)"),
        expect.stringMatching(/SEARCH company_former_domains USING INDEX company_former_domains_by_domain \(tenant_uuid=\? AND domain=\?\)[^]*SEARCH companies USING INDEX sqlite_autoindex_companies_1 \(uuid=\?\)/),
      ]);
      // Not a live company's name: then a merged-away company's (migration 0070), the one it went into by its key.
      expect(plansOf(byMergedName)).toEqual([
        expect.stringContaining("SEARCH companies USING INDEX companies_match_name_key (tenant_uuid=? AND name_match_key=?)"),
        expect.stringMatching(/SEARCH gone USING INDEX companies_merged_by_name_key \(tenant_uuid=\? AND name_match_key=\?\)[^]*SEARCH companies USING INDEX sqlite_autoindex_companies_1 \(uuid=\?\)/),
      ]);
    } finally {
      sqlite.close();
    }
  });
});
