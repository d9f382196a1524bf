/**
 * The lookup of erased addresses runs on every ingest batch of a tenant that erased someone: it seeks each digest
 * by the table's key (tenant, digest), never walking the tenant's digests, however many erasures it made.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { planOnMigratedSchema, readDuring, tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 10, 21);

describe("erased addresses lookup", () => {
  it("seeks a batch's addresses by (tenant, digest)", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const dan = await store.persons.create({ tenant_uuid: tenantUuid, name: "Dan", emails: ["dan@initech.example"] });
      const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda", emails: ["zelda@quist.example"] });
      await store.persons.erase(tenantUuid, zelda.uuid);
      const sources = await readDuring(() =>
        store.emails.ingestMany(tenantUuid, [
          { message_id: "m1@x.example", sent_at: NOW, from: { person_uuid: dan.uuid }, to: [{ email: "zelda@quist.example" }, { email: "new@else.example" }] },
        ]),
      );
      const lookups = sources.filter((source) => /\berased_identifiers\b/.test(source));
      expect(lookups).toHaveLength(1);
      const plan = await planOnMigratedSchema(lookups[0]!);
      expect(plan).toContain("SEARCH erased_identifiers USING PRIMARY KEY (tenant_uuid=? AND digest=?)");
      expect(tenantWalksIn(plan)).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
