/**
 * GET /v1/opportunities/{uuid} when a contact moves to another company (PUT /v1/persons/{uuid} with a new
 * `primary_company_uuid`): the stored `company_last_activity_date` of the opportunities linked to the old and the new
 * company follow, and agree with each association's live `last_activity_date`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildOpportunity, buildPipeline, companyLink } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

describe("an opportunity's company activity when a contact changes company", () => {
  it("moves the contact's last email from the company they left to the one they joined", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const pipeline = await buildPipeline(context.services, acme);
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const initrode = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initrode" });
    const grace = await store.persons.create({ tenant_uuid: tenantUuid, name: "Grace Hopper", emails: ["grace@globex.example"], primary_company_uuid: globex.uuid });
    await store.emails.ingest(tenantUuid, { message_id: "grace", sent_at: TEST_START - DAY, from: { email: "grace@globex.example" }, to: [{ email: "dana@initech.example" }] });
    const deals = [
      await buildOpportunity(context.services, acme, pipeline, { name: "Globex Series A", associations: [companyLink(globex.uuid)] }),
      await buildOpportunity(context.services, acme, pipeline, { name: "Initrode pilot", associations: [companyLink(initrode.uuid)] }),
    ];
    const dates = () =>
      Promise.all(
        deals.map(async (deal) => {
          const read = await context.json(`/v1/opportunities/${deal.uuid}`, { key: acme.key });
          expect(read.status).toBe(200);
          return { stored: read.body!.company_last_activity_date, association: read.body!.associations[0].last_activity_date };
        }),
      );
    const iso = new Date(TEST_START - DAY).toISOString();

    expect(await dates()).toEqual([{ stored: iso, association: iso }, { stored: null, association: null }]);
    const moved = await context.request(`/v1/persons/${grace.uuid}`, { key: acme.key, method: "PUT", body: { primary_company_uuid: initrode.uuid } });
    expect(moved.status).toBe(200);
    expect(await dates()).toEqual([{ stored: null, association: null }, { stored: iso, association: iso }]);
  });
});
