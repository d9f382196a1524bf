/** An import job's summary names the new records that look like existing ones, as `GET /v1/duplicates` lists them. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { csvFile } from "../../imports/testing/archive-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

describe("GET /v1/imports/{import_uuid}: likely_duplicates", () => {
  it("counts and names a contact made again under a new address, and a company made again", async () => {
    const { store } = context.services;
    const globex = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Globex Corporation", domain: "globex.example" });
    const pat = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Pat Quinn", emails: ["pat@globex.example"], primary_company_uuid: globex.uuid });
    context.clock.advance(60_000);
    const form = new FormData();
    form.append("kind", "csv");
    const rows = csvFile([
      ["Name", "Email", "Company", "Company Domain"],
      // At Globex Corporation's domain: found as that company (its name but for the legal form), so Pat shares it.
      ["Pat Quinn", "pat.quinn@globex.example", "Globex", ""],
      // On free mail, which says nothing of the firm: "Globex" is made.
      ["Lee Park", "lee.park@gmail.com", "Globex", ""],
    ]);
    form.append("file", new File([rows], "crm.csv"));
    const started = await context.app.request("/v1/imports", { method: "POST", headers: { "x-api-key": acme.key }, body: form });
    expect(started.status).toBe(202);
    await context.services.importJobs.settled();
    const job = (await (await context.request(`/v1/imports/${((await started.json()) as { uuid: string }).uuid}`, { key: acme.key })).json()) as Record<string, any>;
    expect(job).toMatchObject({ status: "succeeded", summary: { persons: { created: 2 }, companies: { created: 1, matched: 1 } } });
    expect(job.summary.likely_duplicates).toMatchObject({
      persons: 1,
      companies: 1,
      first: [
        { entity_type: "PERSON", new_name: "Pat Quinn", existing_uuid: pat.uuid, confidence: "likely", reasons: ["SAME_NAME_SHARED_COMPANY", "SAME_NAME_SHARED_EMAIL_DOMAIN"] },
        { entity_type: "COMPANY", new_name: "Globex", existing_uuid: globex.uuid, confidence: "likely", reasons: ["SAME_NAME"] },
      ],
    });
    const listed = (await (await context.request("/v1/duplicates", { key: acme.key })).json()) as Record<string, any>;
    expect(listed.items.map((pair: any) => pair.duplicate.uuid).sort()).toEqual(job.summary.likely_duplicates.first.map((entry: any) => entry.new_uuid).sort());
  });
});
