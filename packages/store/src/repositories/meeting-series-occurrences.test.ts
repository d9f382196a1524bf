/**
 * `meetings.listByExternalIdPrefix`: a calendar series' stored occurrences (`<UID>#<start>`) within a time range, read
 * under statistics like benchmark scale L's through the (tenant, external id) index, never a walk of the tenant's
 * meetings by start.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const HOUR = 3_600_000;
const database = useScaleLPlanDatabase(["meetings", "meeting_attendees"], NOW);

describe("meetings.listByExternalIdPrefix", () => {
  it("answers the tenant's live meetings whose id starts with the prefix and that start in the range, by index", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const otherTenant = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
      const attendees = [{ email: "ada@example.com" }, { email: "bob@example.com" }];
      const meeting = (tenant: string, external_id: string, starts_at: number) => store.meetings.create(tenant, { title: "Sync", starts_at, attendees, external_id });
      const early = await meeting(tenantUuid, `sync@x#${NOW}`, NOW);
      const late = await meeting(tenantUuid, `sync@x#${NOW + 48 * HOUR}`, NOW + 48 * HOUR);
      await meeting(tenantUuid, `sync@x#${NOW + 96 * HOUR}`, NOW + 96 * HOUR);
      const gone = await meeting(tenantUuid, `sync@x#${NOW + HOUR}`, NOW + HOUR);
      await store.meetings.delete(tenantUuid, gone.uuid);
      await meeting(tenantUuid, "sync@x", NOW);
      await meeting(tenantUuid, `sync@x2#${NOW}`, NOW);
      await meeting(tenantUuid, `sync@x$${NOW}`, NOW);
      await meeting(otherTenant, `sync@x#${NOW + 2 * HOUR}`, NOW + 2 * HOUR);
      const range = { starts_from: NOW, starts_to: NOW + 48 * HOUR };
      const found = await store.meetings.listByExternalIdPrefix(tenantUuid, "sync@x#", range);
      expect(found.map((row) => row.uuid)).toEqual([early.uuid, late.uuid]);
      expect(found[0]!.attendees).toHaveLength(2);
      await expect(store.meetings.listByExternalIdPrefix(tenantUuid, "", range)).rejects.toThrow(/ending in an ASCII character/);

      const plans = await database.plansOfReads("meetings", () => store.meetings.listByExternalIdPrefix(tenantUuid, "sync@x#", range));
      const series = plans.filter((plan) => !/meeting_attendees/.test(plan));
      expect(series.length).toBeGreaterThan(0);
      for (const plan of series) expect(plan).toMatch(/INDEX meetings_tenant_external \(tenant_uuid=\? AND external_id>\? AND external_id<\?\)/);
      for (const plan of plans) expect(tenantWalksIn(plan), plan).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
