/**
 * `persons.findByDomain` (the `domain` criterion of `POST /v1/persons/lookup/batch`), planned under statistics like
 * benchmark scale L's: the persons are found from the domain's own indexes, then each read by key; no table of the
 * tenant is walked (it tested every one of 200,000 live persons against the domain, for every criterion).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-find-by-domain-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("persons.findByDomain under statistics like scale L's", () => {
  it("finds the persons from the domain's indexes and reads each by key, the page and its count alike", async () => {
    const path = join(folder, "plans.db");
    const store = await createSqliteStore({ path });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const acme = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", domain: "acme.com" });
      const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@acme.com"] });
      const bob = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", primary_company_uuid: acme.uuid });
      await store.companies.update(tenantUuid, acme.uuid, { domain: "acme.io" });
      const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo", primary_company_uuid: acme.uuid, emails: ["cleo@elsewhere.example"] });
      statements = await preparedDuring(async () => {
        // acme.com: Ada by her address, Bob and Cleo by their company's former domain.
        expect(await store.persons.findByDomain(tenantUuid, "acme.com", 2)).toEqual({ uuids: [ada.uuid, bob.uuid], total: 3 });
        expect((await store.persons.findByDomain(tenantUuid, "acme.io", 10)).uuids).toEqual([bob.uuid, cleo.uuid]);
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons", "person_emails", "affiliations", "companies"]);
      const reads = statements.filter((source) => source.includes("with named(person_uuid)"));
      expect(reads).toHaveLength(2);
      for (const source of reads) {
        const plan = planOf(sqlite, source);
        expect(plan, plan).not.toMatch(/SCAN (persons|person_emails|affiliations|companies|company_former_domains)\b/);
        // A search on the tenant alone walks all of its rows.
        expect(plan, plan).not.toMatch(/\(tenant_uuid=\?\)/);
        expect(plan, plan).toMatch(/SEARCH person_emails USING (COVERING )?INDEX person_emails_tenant_domain \(tenant_uuid=\? AND domain=\?\)/);
        expect(plan, plan).toMatch(/SEARCH p USING INDEX sqlite_autoindex_persons_1 \(uuid=\?\)/);
      }
    } finally {
      sqlite.close();
    }
  });
});
