/**
 * Naming persons from mail, a meeting or a contact card, planned under statistics like benchmark scale L's: the
 * persons offered a name are read by key (and their addresses by person), never by a walk of the tenant.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["persons", "person_emails"], NOW);

describe("naming persons from addresses under statistics like scale L's", () => {
  it("reads the persons offered a name by key", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const bare = await store.persons.create({ tenant_uuid: tenantUuid, emails: ["cleo@example.com"] });
      const message = (id: string, name?: string) => ({ message_id: id, sent_at: NOW - 1, from: { email: "ada@example.com", name }, to: [{ email: "bob@example.com", name: name && "Bob B" }] });
      await store.emails.ingest(tenantUuid, message("m-1"));
      // Many persons offered a name at once: a long key list is where the planner may prefer the tenant's index.
      const many = Array.from({ length: 300 }, (_, index) => `person${index}@example.com`);
      await store.emails.ingest(tenantUuid, { message_id: "m-many", sent_at: NOW - 1, from: { email: "ada@example.com" }, to: many.map((email) => ({ email })) });
      const plans = await database.plansOfReads("persons", async () => {
        await store.emails.ingestMany(tenantUuid, [message("m-2", "Ada A")]);
        await store.emails.ingest(tenantUuid, { message_id: "m-named", sent_at: NOW - 1, from: { email: "ada@example.com" }, to: many.map((email, index) => ({ email, name: `Person ${index}` })) });
        await store.meetings.create(tenantUuid, { title: "Intro", starts_at: NOW - 1, attendees: [{ email: "ada@example.com", name: "Ada Lovelace" }, { email: "cleo@example.com", name: "Cleo C" }] });
        await store.persons.nameIfUnnamed(tenantUuid, bare.uuid, "Cleo Smith");
      });
      const offered = plans.filter((plan) => /persons/.test(plan));
      expect(offered.length).toBeGreaterThan(0);
      for (const plan of plans) expect(tenantWalksIn(plan), plan).toEqual([]);
      const addressPlans = await database.plansOfReads("person_emails", () => store.persons.nameIfUnnamed(tenantUuid, bare.uuid, "Cleo Smith"));
      for (const plan of addressPlans) expect(tenantWalksIn(plan), plan).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
