/**
 * A company merge's statements on affiliations, planned under statistics like benchmark scale L's: each seeks the two
 * companies' or the moved persons' tenures, never walks the tenant's affiliations (under the write lock).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-company-merge-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a company merge's statements on affiliations, under statistics like scale L's", () => {
  it("seek the companies' and the moved persons' tenures", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const canonical = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" });
      const superseded = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "ACME Inc." });
      await store.persons.create({
        tenant_uuid: tenantUuid,
        name: "Pat Both",
        affiliations: [
          { company_uuid: canonical.uuid, is_current: true },
          { company_uuid: superseded.uuid, is_current: false },
        ],
      });
      await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob Import", primary_company_uuid: superseded.uuid });
      statements = await preparedDuring(() =>
        store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, preview: false, merged_by_user_uuid: null }),
      );
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["affiliations", "companies", "persons"]);
      const plans = statements.filter((source) => /\baffiliations\b/.test(source)).map((source) => planOf(sqlite, source));
      expect(plans.length).toBeGreaterThan(3);
      expect(plans.flatMap(tenantWalksIn)).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
