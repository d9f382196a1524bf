/**
 * The reads of `duplicates.list` under statistics like scale L's: each seeks its keys in an index, none walks a
 * tenant's companies for each address (as the likely duplicate persons' company domains once did: 4 minutes on a
 * tenant of 200,000 persons, 46,000 of them holding a name another holds).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-duplicate-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("duplicates.list under statistics like scale L's", () => {
  it("finds the persons' addresses at a live company's domain through the companies' domain index", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex", domain: "globex.example" });
      for (const address of ["renee@globex.example", "r.dubois@globex.example"]) {
        await store.persons.create({ tenant_uuid: tenantUuid, name: "Renée Dubois", emails: [address] });
      }
      statements = await preparedDuring(async () => {
        const page = await store.duplicates.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10 });
        expect(page.rows.map((pair) => pair.evidence.map((evidence) => evidence.reason))).toEqual([["SAME_NAME_SHARED_EMAIL_DOMAIN"]]);
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons", "person_emails", "companies", "affiliations"]);
      const [addresses, ...others] = statements.filter((source) => source.includes('from "person_emails"'));
      expect(others).toEqual([]);
      const plan = planOf(sqlite, addresses!);
      expect(plan, `${addresses}\n${plan}`).toContain("USING INDEX companies_match_domain (tenant_uuid=? AND <expr>=?)");
    } finally {
      sqlite.close();
    }
  });
});
