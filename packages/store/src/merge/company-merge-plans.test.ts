/**
 * A company merge's statements on affiliations and on persons' primary companies, planned under statistics like
 * benchmark scale L's: each seeks the two companies' or the moved persons' rows, never walks the tenant's affiliations
 * or persons (under the write lock).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-company-merge-plans-"));
let statements: string[];
let sqlite: SqliteDatabase.Database;

beforeAll(async () => {
  const path = join(folder, "plans.db");
  const store = await createSqliteStore({ path, now: () => NOW });
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
  sqlite = new SqliteDatabase(path);
  useScaleLStatistics(sqlite, ["affiliations", "companies", "persons"]);
});
afterAll(() => {
  sqlite?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("a company merge's statements, under statistics like scale L's", () => {
  it("seek the companies' and the moved persons' tenures", () => {
    const plans = statements.filter((source) => /\baffiliations\b/.test(source)).map((source) => planOf(sqlite, source));
    expect(plans.length).toBeGreaterThan(3);
    expect(plans.flatMap(tenantWalksIn)).toEqual([]);
  });

  it("seek the persons whose primary company is the superseded one in persons_by_primary_company (migration 0074)", () => {
    const moves = statements.filter((source) => /^update "persons" set "primary_company_uuid"/.test(source));
    expect(moves).toHaveLength(1);
    expect(planOf(sqlite, moves[0]!)).toMatch(/^SEARCH persons USING (COVERING )?INDEX persons_by_primary_company \(tenant_uuid=\? AND primary_company_uuid=\?\)$/);
  });
});
