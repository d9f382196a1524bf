/** The AI summary's sections from the relationship graph and the deal workspace, sentence by sentence. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext } from "../testing/test-harness.js";

const DAY = 86_400_000;
let context: TestContext;
afterEach(() => context.close());

describe("AI summary facts from relationships and deals", () => {
  it("says who knows the person best, the activity trend, the linked opportunity and the latest note", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jane@globex.example"], primary_company_uuid: globex.uuid });
    // Two emails in the last 90 days, one in the 90 days before.
    for (const [index, days] of [10, 40, 120].entries()) {
      await store.emails.ingest(tenantUuid, { message_id: `m${index}`, sent_at: TEST_START - days * DAY, from: { email: acme.admin.email }, to: [{ person_uuid: jane.uuid }] });
    }
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Diligence" });
    const viewer = { user_uuid: acme.admin.uuid };
    const deal = await store.opportunities.create(
      { tenant_uuid: tenantUuid, name: "Globex Series C", type_uuid: type.uuid, stage_uuid: stage.uuid, value: 2_500_000, associations: [{ entity_type: "PERSON", entity_uuid: jane.uuid }], actor_user_uuid: acme.admin.uuid },
      viewer,
    );
    const note = await store.notes.create(
      { tenant_uuid: tenantUuid, content: "Jane wants a board seat.", owner_user_uuid: acme.admin.uuid, associations: [{ entity_type: "PERSON", entity_uuid: jane.uuid }] },
      viewer,
    );

    const response = await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.key });
    const summary = (await response.json()) as { sections: Array<{ heading: string; content: string }> };
    const section = (heading: string) => summary.sections.find((entry) => entry.heading === heading)?.content;
    expect(section("Relationships")).toMatch(/^On the team, Jane Doe is best known to Alice \(RQ \d+: 2 emails in the last 90 days, last on /);
    expect(section("Activity")).toBe(
      `In the last 90 days the team had 2 emails and 0 meetings with Jane Doe, up from 1 in the 90 days before; the latest on ${new Date(TEST_START - 10 * DAY).toISOString().slice(0, 10)}.`,
    );
    expect(section("Opportunities")).toBe("Jane Doe is linked to the opportunity Globex Series C, at stage Diligence, valued at 2,500,000.");
    expect(section("Notes")).toBe(`A note of ${new Date(note.created_at).toISOString().slice(0, 10)} says: "Jane wants a board seat."`);
    expect(deal.uuid).toBeTruthy();

    // A busy contact: the five most recently updated opportunities are named, the rest counted.
    const deals = [];
    for (let index = 0; index < 7; index += 1) {
      context.clock.advance(1_000);
      deals.push(
        await store.opportunities.create(
          { tenant_uuid: tenantUuid, name: `Deal ${index}`, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: jane.uuid }], actor_user_uuid: acme.admin.uuid },
          viewer,
        ),
      );
    }
    const busy = (await (await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.key })).json()) as { sections: Array<{ heading: string; content: string }> };
    expect(busy.sections.find((entry) => entry.heading === "Opportunities")?.content).toBe(
      [6, 5, 4, 3, 2].map((index) => `Jane Doe is linked to the opportunity Deal ${index}, at stage Diligence.`).join(" ") + " Jane Doe is linked to 3 more opportunities, 8 in all.",
    );

    const company = await context.request(`/v1/companies/${globex.uuid}/ai-summary`, { key: acme.key });
    const companySummary = (await company.json()) as { sections: Array<{ heading: string; content: string }> };
    expect(companySummary.sections.find((entry) => entry.heading === "Relationships")?.content).toMatch(
      // The person the RQ is with is named: "2 emails" are Jane's, not every email with Globex.
      /^On the team, Globex is best known to Alice \(RQ \d+ with Jane Doe: 2 emails in the last 90 days, last on /,
    );
  });

  it("reads the opportunities it names together, in one store call, a company's as a person's", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", primary_company_uuid: globex.uuid });
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Diligence" });
    for (let index = 0; index < 7; index += 1) {
      context.clock.advance(1_000);
      await store.opportunities.create(
        {
          tenant_uuid: tenantUuid,
          name: `Deal ${index}`,
          type_uuid: type.uuid,
          stage_uuid: stage.uuid,
          value: (index + 1) * 1_000,
          associations: [
            { entity_type: "PERSON", entity_uuid: jane.uuid },
            { entity_type: "COMPANY", entity_uuid: globex.uuid },
          ],
        },
        { user_uuid: null },
      );
    }
    const get = vi.spyOn(store.opportunities, "get");
    const getMany = vi.spyOn(store.opportunities, "getMany");
    const opportunitiesOf = async (path: string) => {
      const summary = (await (await context.request(path, { key: acme.key })).json()) as { sections: Array<{ heading: string; content: string }> };
      return summary.sections.find((entry) => entry.heading === "Opportunities")?.content;
    };
    const named = [6, 5, 4, 3, 2].map((index) => `Deal ${index}, at stage Diligence, valued at ${((index + 1) * 1_000).toLocaleString("en-US")}.`);
    expect(await opportunitiesOf(`/v1/persons/${jane.uuid}/ai-summary`)).toBe(
      named.map((deal) => `Jane Doe is linked to the opportunity ${deal}`).join(" ") + " Jane Doe is linked to 2 more opportunities, 7 in all.",
    );
    expect(await opportunitiesOf(`/v1/companies/${globex.uuid}/ai-summary`)).toBe(
      named.map((deal) => `Globex is linked to the opportunity ${deal}`).join(" ") + " Globex is linked to 2 more opportunities, 7 in all.",
    );
    expect(get).not.toHaveBeenCalled();
    expect(getMany).toHaveBeenCalledTimes(2);
  });

  it("sets a relationship's reason inside the sentence in lower case: an old one reads 'no interactions in the last 90 days'", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const jane = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Jane Doe", emails: ["jane@globex.example"] });
    await store.emails.ingest(acme.tenant.uuid, { message_id: "old", sent_at: TEST_START - 200 * DAY, from: { email: acme.admin.email }, to: [{ person_uuid: jane.uuid }] });
    const summary = (await (await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.key })).json()) as { sections: Array<{ heading: string; content: string }> };
    expect(summary.sections.find((entry) => entry.heading === "Relationships")?.content).toMatch(
      /^On the team, Jane Doe is best known to Alice \(RQ \d+: no interactions in the last 90 days; 1 email in total, last on \d{4}-\d{2}-\d{2}\)\.$/,
    );
  });

  it("counts as the team's activity only what a user took part in: a contact's mail to a list is not the team's", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jane@globex.example"], primary_company_uuid: globex.uuid });
    // Her monthly investor updates to a list the team reads (no user among the recipients), and one email with Alice.
    for (const [index, days] of [5, 35, 65].entries()) {
      await store.emails.ingest(tenantUuid, { message_id: `update${index}`, sent_at: TEST_START - days * DAY, from: { person_uuid: jane.uuid }, to: [{ email: "investors@globex.example" }] });
    }
    await store.emails.ingest(tenantUuid, { message_id: "met", sent_at: TEST_START - 100 * DAY, from: { email: acme.admin.email }, to: [{ person_uuid: jane.uuid }] });
    const activity = async (path: string) => {
      const summary = (await (await context.request(path, { key: acme.key })).json()) as { sections: Array<{ heading: string; content: string }> };
      return summary.sections.find((entry) => entry.heading === "Activity")?.content;
    };
    const met = new Date(TEST_START - 100 * DAY).toISOString().slice(0, 10);
    expect(await activity(`/v1/persons/${jane.uuid}/ai-summary`)).toBe(
      `The team has had no email or meeting with Jane Doe in the last 90 days (1 in the 90 days before); the latest on ${met}.`,
    );
    expect(await activity(`/v1/companies/${globex.uuid}/ai-summary`)).toBe(
      `The team has had no email or meeting with Globex in the last 90 days (1 in the 90 days before); the latest on ${met}.`,
    );
    // The activity statistics endpoint still counts every email of hers (the spec's per-entity counts).
    const stats = await context.json("/v1/persons/activity-stats/batch", { key: acme.key, method: "POST", body: { uuids: [jane.uuid], periods: "90_days" } });
    expect(stats.body?.results[0].periods[0].activity_counts).toEqual({ emails: 3, meetings: 0, total: 3 });
  });

  it("dates the latest activity of a person the team has not met in 180 days from all time, not as null", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const jane = await store.persons.create({ tenant_uuid: tenantUuid, name: "Jane Doe", emails: ["jane@globex.example"] });
    await store.emails.ingest(tenantUuid, { message_id: "old", sent_at: TEST_START - 200 * DAY, from: { email: acme.admin.email }, to: [{ person_uuid: jane.uuid }] });

    const response = await context.request(`/v1/persons/${jane.uuid}/ai-summary`, { key: acme.key });
    const summary = (await response.json()) as { sections: Array<{ heading: string; content: string }> };
    expect(summary.sections.find((entry) => entry.heading === "Activity")?.content).toBe(
      `The team has had no email or meeting with Jane Doe in the last 90 days (0 in the 90 days before); the latest on ${new Date(TEST_START - 200 * DAY).toISOString().slice(0, 10)}.`,
    );
  });
});
