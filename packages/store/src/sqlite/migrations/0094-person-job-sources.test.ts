/**
 * Migration 0094: every stored person's job is of no known source, so no newer export moves it on; a job change
 * through an import with its source records it, and a user's write after clears it.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../../index.js";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";

describe("migration 0094-person-job-sources", () => {
  it("gives every stored person no job source, changing nothing else", async () => {
    const { sqlite, db, migrate } = nameKeysMigrationDatabase();
    try {
      await migrate("0093-company-name-keys-without-punctuation");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1);
        insert into persons (uuid, tenant_uuid, name, name_sort_key, job_title, tags, is_internal, created_at, service_updated_at) values
          ('p1', 't1', 'Ana Silva', 'ana silva', 'Sales Manager', '[]', 0, 1, 1);`);
      await migrate("0094-person-job-sources");
      expect(sqlite.prepare("select uuid, job_title, job_source, service_updated_at from persons").all()).toEqual([
        { uuid: "p1", job_title: "Sales Manager", job_source: null, service_updated_at: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe("persons.followExportedJob", () => {
  it("moves on only a job its source set: a user's change of title clears the source, a change to the same values keeps it", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    try {
      const tenant = await store.tenants.create({ name: "Shop", tier: "standard" });
      const acme = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Acme" });
      const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
      const source = "linkedin_connections" as const;
      const ana = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ana", primary_company_uuid: acme.uuid, job_title: "Engineer" }, { jobSource: source });
      const typed = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ben", primary_company_uuid: acme.uuid, job_title: "Engineer" });
      expect(await store.persons.jobSource(tenant.uuid, ana.uuid)).toBe(source);
      expect(await store.persons.jobSource(tenant.uuid, typed.uuid)).toBeNull();

      expect(await store.persons.followExportedJob(tenant.uuid, typed.uuid, source, { primary_company_uuid: globex.uuid, job_title: "CTO" })).toEqual([]);
      expect(await store.persons.followExportedJob(tenant.uuid, ana.uuid, source, { primary_company_uuid: globex.uuid, job_title: "CTO" })).toEqual(["primary_company_uuid", "job_title"]);
      const moved = (await store.persons.get(tenant.uuid, ana.uuid))!;
      expect([moved.primary_company_uuid, moved.job_title]).toEqual([globex.uuid, "CTO"]);
      expect(moved.affiliations.map((affiliation) => [affiliation.company_uuid, affiliation.is_current])).toEqual([[globex.uuid, true], [acme.uuid, false]]);
      expect(await store.persons.jobSource(tenant.uuid, ana.uuid)).toBe(source);

      await store.persons.update(tenant.uuid, ana.uuid, { job_title: "CTO", city: "Lisbon" });
      expect(await store.persons.jobSource(tenant.uuid, ana.uuid)).toBe(source);
      await store.persons.update(tenant.uuid, ana.uuid, { job_title: "Chief Technology Officer" });
      expect(await store.persons.jobSource(tenant.uuid, ana.uuid)).toBeNull();
      expect(await store.persons.followExportedJob(tenant.uuid, ana.uuid, source, { primary_company_uuid: globex.uuid, job_title: "CEO" })).toEqual([]);
      expect((await store.persons.get(tenant.uuid, ana.uuid))!.job_title).toBe("Chief Technology Officer");
    } finally {
      await store.close();
    }
  });
});
