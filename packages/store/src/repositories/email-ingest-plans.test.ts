/**
 * `emails.ingest` planned under statistics like benchmark scale L's: the stored emails a batch names are found by
 * their message ids in either form (with and without angle brackets) in `emails_tenant_message`, never by a walk
 * of the tenant's emails.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["emails", "email_participants"], NOW);

describe("emails.ingest under statistics like scale L's", () => {
  it("looks for each message id, in both its forms, by key", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const message = (id: string) => ({ message_id: id, sent_at: NOW - 1, from: { email: "ada@example.com" }, to: [{ email: "bob@example.com" }] });
      const plans = await database.plansOfReads("emails", async () => {
        await store.emails.ingestMany(tenantUuid, [message("<a@x>"), message("b@x"), message("<c@x>")]);
        await store.emails.get(tenantUuid, "a@x");
      });
      const lookups = plans.filter((plan) => /message_id/.test(plan));
      expect(lookups.length).toBeGreaterThanOrEqual(2);
      for (const plan of lookups) expect(plan).toMatch(/SEARCH emails USING INDEX emails_tenant_message \(tenant_uuid=\? AND message_id=\?\)/);
      for (const plan of plans) expect(tenantWalksIn(plan), plan).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
