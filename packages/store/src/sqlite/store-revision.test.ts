/**
 * `Store.revision`: moves with every write a relationship read depends on (records, list memberships, deal
 * links, users, the graph), from this store or another connection, and holds while nothing is written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-revision-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 1);
const viewer = { user_uuid: null };

describe("store revision", () => {
  it("moves with every kind of write a relationship read depends on, and only then", async () => {
    const path = join(folder, "revision.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    const other = await createSqliteStore({ path, now: () => NOW });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const elsewhere = await store.tenants.create({ name: "Globex", tier: "standard" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada" });
      const acme = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Acme" });
      const list = await store.entityLists.create({ tenant_uuid: tenant.uuid, name: "Hot", kind: "persons", owner_user_uuid: null });
      const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
      const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      await store.graphs.forTenant(tenant.uuid);

      let seen = store.revision(tenant.uuid);
      const moved = async (write: () => Promise<unknown>) => {
        await write();
        await othersCommitsSeen();
        const revision = store.revision(tenant.uuid);
        const changed = revision !== seen;
        seen = revision;
        return changed;
      };
      expect(Number.isFinite(seen)).toBe(true);
      expect(await moved(async () => store.persons.get(tenant.uuid, ada.uuid))).toBe(false);
      expect(await moved(() => store.persons.create({ tenant_uuid: elsewhere.uuid, name: "Not ours" }))).toBe(false);
      expect(await moved(() => store.persons.update(tenant.uuid, ada.uuid, { job_title: "CTO" }))).toBe(true);
      expect(await moved(() => store.companies.update(tenant.uuid, acme.uuid, { company_name: "Acme Corp" }))).toBe(true);
      expect(await moved(() => store.entityLists.addMembers(tenant.uuid, list.uuid, [ada.uuid], null))).toBe(true);
      expect(await moved(() => store.entityLists.removeMember(tenant.uuid, list.uuid, ada.uuid))).toBe(true);
      expect(
        await moved(() =>
          store.opportunities.create(
            { tenant_uuid: tenant.uuid, name: "Seed", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] },
            viewer,
          ),
        ),
      ).toBe(true);
      expect(await moved(() => store.users.create({ tenant_uuid: tenant.uuid, name: "Ben", email: "ben@acme.example", role: "member" }))).toBe(true);
      // An email changes only the graph (its tables raise no generation).
      expect(await moved(() => store.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: NOW - 1, from: { email: "ben@acme.example" }, to: [{ person_uuid: ada.uuid }] }))).toBe(true);
      expect(await moved(() => other.persons.update(tenant.uuid, ada.uuid, { job_title: "CEO" }))).toBe(true);
      expect(await moved(async () => store.revision(tenant.uuid))).toBe(false);

      await store.transaction(async (transactional) => {
        expect(transactional.revision(tenant.uuid)).toBeNaN();
      });
    } finally {
      await other.close();
      await store.close();
    }
  });
});
