/**
 * Where an opportunity write's own transaction reads its links' last activity: the tenant's graph when it
 * is hydrated (no query over every interaction of a large company's people), the database otherwise
 * (never starting a hydration inside the transaction), at the store's time either way.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import type { Tenant } from "../records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { readsMatchingDuring } from "../testing/sqlite-plans.js";

const day = 86_400_000;
// The store's time, well before the wall clock: an email between the two has not happened yet for the store.
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };

/** How many times `run` reads with the statement that seeks persons' latest email (the database's last-activity read). */
const emailScansDuring = (run: () => Promise<unknown>) => readsMatchingDuring(/select p.sent_at from email_participants p/, run);

let store: Store;
let tenant: Tenant;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => NOW });
  tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
});
afterEach(() => store.close());

async function scene() {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
  const stages = [];
  for (const name of ["Lead", "Won"]) stages.push(await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name }));
  const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
  const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["ada@x.example"] });
  const email = (id: string, at: number, to: string) =>
    store.emails.ingest(tenant.uuid, { message_id: id, sent_at: at, from: { email: "me@acme.example" }, to: [{ email: to }] });
  await email("past-cleo", NOW - 5 * day, "cleo@globex.example");
  await email("past-ada", NOW - 9 * day, "ada@x.example");
  // After the store's time (though before the wall clock's): it does not count yet.
  await email("future-cleo", NOW + 2 * day, "cleo@globex.example");
  return { type, stages, globex, cleo, ada };
}

/** The dates a write answered with, and those a read afterwards shows (stored on the row and per link). */
const datesOf = (opportunity: { person_last_activity_at: number | null; company_last_activity_at: number | null; last_activity_at: number | null; associations: Array<{ entity_uuid: string; last_activity_at: number | null }> }) => ({
  person: opportunity.person_last_activity_at,
  company: opportunity.company_last_activity_at,
  last: opportunity.last_activity_at,
  links: Object.fromEntries(opportunity.associations.map((link) => [link.entity_uuid, link.last_activity_at])),
});

describe.each([
  { graph: "hydrated", hydrate: true },
  { graph: "not hydrated", hydrate: false },
])("opportunity writes with the tenant's graph $graph", ({ hydrate }) => {
  it("answer and store the links' last activity at the store's time, as a later read shows it", async () => {
    const { type, stages, globex, cleo, ada } = await scene();
    if (hydrate) await store.graphs.forTenant(tenant.uuid);
    let created!: Awaited<ReturnType<Store["opportunities"]["create"]>>;
    const expected = { person: NOW - 5 * day, company: NOW - 5 * day, last: NOW - 5 * day, links: { [globex.uuid]: NOW - 5 * day, [cleo.uuid]: NOW - 5 * day } };
    const scans = await emailScansDuring(async () => {
      created = await store.opportunities.create(
        {
          tenant_uuid: tenant.uuid,
          name: "Deal",
          type_uuid: type.uuid,
          stage_uuid: stages[0]!.uuid,
          associations: [{ entity_type: "COMPANY", entity_uuid: globex.uuid }, { entity_type: "PERSON", entity_uuid: cleo.uuid }],
        },
        viewer,
      );
      expect(datesOf(created)).toEqual(expected);
      const moved = await store.opportunities.update(tenant.uuid, created.uuid, { stage_uuid: stages[1]!.uuid }, viewer, viewer);
      expect(datesOf(moved!)).toEqual(expected);
    });
    if (hydrate) {
      // Every last activity came from the graph: no query over the persons' emails.
      expect(scans).toBe(0);
    } else {
      // The database answered inside the transactions, and neither write started a hydration.
      expect(scans).toBeGreaterThan(0);
      expect(store.graphs.hydrated(tenant.uuid)).toBeNull();
    }

    // A read outside a transaction hydrates the graph; linking and unlinking recompute the stored dates in their own transactions.
    const linked = await store.associations.link(tenant.uuid, { type: "OPPORTUNITY", uuid: created.uuid }, { type: "PERSON", uuid: ada.uuid }, viewer);
    expect(datesOf((await store.opportunities.get(tenant.uuid, created.uuid, viewer))!)).toMatchObject({ person: NOW - 5 * day, links: { [ada.uuid]: NOW - 9 * day } });
    await store.associations.unlink(tenant.uuid, "OPPORTUNITY", created.uuid, linked.link.uuid, viewer);
    await store.associations.unlink(
      tenant.uuid,
      "OPPORTUNITY",
      created.uuid,
      (await store.associations.list(tenant.uuid, "OPPORTUNITY", created.uuid, viewer)).find((link) => link.entity_uuid === cleo.uuid)!.uuid,
      viewer,
    );
    expect(datesOf((await store.opportunities.get(tenant.uuid, created.uuid, viewer))!)).toEqual({
      person: null,
      company: NOW - 5 * day,
      last: NOW - 5 * day,
      links: { [globex.uuid]: NOW - 5 * day },
    });
  });
});

it("inside a caller's transaction, whose writes the graph has not seen, the database answers", async () => {
  const { type, stages, cleo } = await scene();
  await store.graphs.forTenant(tenant.uuid);
  let created!: Awaited<ReturnType<Store["opportunities"]["create"]>>;
  const scans = await emailScansDuring(async () => {
    created = await store.transaction(async (transactional) => {
      await transactional.emails.ingest(tenant.uuid, { message_id: "in-transaction", sent_at: NOW - day, from: { email: "me@acme.example" }, to: [{ email: "cleo@globex.example" }] });
      return transactional.opportunities.create(
        { tenant_uuid: tenant.uuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stages[0]!.uuid, associations: [{ entity_type: "PERSON", entity_uuid: cleo.uuid }] },
        viewer,
      );
    });
  });
  expect(created.person_last_activity_at).toBe(NOW - day);
  expect(created.associations[0]!.last_activity_at).toBe(NOW - day);
  expect(scans).toBeGreaterThan(0);
});
