/**
 * GET /v1/opportunities/{uuid} when a contact at a linked company becomes a user's own person (`rapport users
 * create` with their address, from another process) and stops being one (`rapport users deactivate`): the stored
 * `company_last_activity_date`, the association's live `last_activity_date` and the company record's agree, counting
 * the company's external people only.
 */
import { createSqliteStore, type Store } from "@rapport/store";
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

/** A write by the command line: its own store over the server's database file. */
async function fromTheCommandLine<T>(write: (store: Store) => Promise<T>): Promise<T> {
  const store = await createSqliteStore({ path: context.databasePath, now: () => context.clock.now() });
  try {
    return await write(store);
  } finally {
    await store.close();
  }
}

describe("an opportunity's company activity when a contact joins or leaves the team", () => {
  it("leaves the new user's person out of the stored, association and company dates alike, and counts them again once deactivated", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const pipeline = await buildPipeline(context.services, acme);
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    for (const [name, address] of [["Grace Hopper", "grace@globex.example"], ["Alan Kay", "alan@globex.example"]]) {
      await store.persons.create({ tenant_uuid: tenantUuid, name: name!, emails: [address!], primary_company_uuid: globex.uuid });
    }
    const ingest = (messageId: string, from: string, sentAt: number) =>
      store.emails.ingest(tenantUuid, { message_id: messageId, sent_at: sentAt, from: { email: from }, to: [{ email: "dana@initech.example" }] });
    await ingest("grace", "grace@globex.example", TEST_START - DAY);
    await ingest("alan", "alan@globex.example", TEST_START - 3 * DAY);
    const opportunity = await buildOpportunity(context.services, acme, pipeline, { name: "Globex Series A", associations: [companyLink(globex.uuid)] });

    const dates = async () => {
      const read = await context.json(`/v1/opportunities/${opportunity.uuid}`, { key: acme.key });
      const company = await context.json(`/v1/companies/${globex.uuid}`, { key: acme.key });
      expect(read.status).toBe(200);
      return {
        stored: read.body!.company_last_activity_date,
        overall: read.body!.last_activity_date,
        association: read.body!.associations[0].last_activity_date,
        company: company.body!.last_activity_date,
      };
    };
    // The company record shows the date alone.
    const all = (at: number) => {
      const iso = new Date(at).toISOString();
      return { stored: iso, overall: iso, association: iso, company: iso.slice(0, 10) };
    };

    expect(await dates()).toEqual(all(TEST_START - DAY));
    const grace = await fromTheCommandLine((cli) => cli.users.create({ tenant_uuid: tenantUuid, name: "Grace Hopper", email: "grace@globex.example", role: "member" }));
    expect(await dates()).toEqual(all(TEST_START - 3 * DAY));
    await fromTheCommandLine((cli) => cli.users.deactivate(tenantUuid, grace.uuid));
    expect(await dates()).toEqual(all(TEST_START - DAY));
  });
});
