/**
 * A poller of meetings by change time (`updated_after`, sorted by `updated_at`, as `GET /v1/meetings` takes them)
 * reads each page through the live (tenant, updated_at, uuid) index of migration 0050: from its watermark, in order,
 * with no sort of the tenant's meetings. One that keeps the start-time order reads the few meetings changed since its
 * watermark through that index and sorts them, where a walk of the start-time index tested every meeting of the tenant.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { planOnMigratedSchema, preparedDuring } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);

describe("meetings polled by change time", () => {
  it("seek the watermark and read in order through the change-time index, first page and cursor pages", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      statements = await preparedDuring(async () => {
        for (const order of ["asc", "desc"] as const) {
          const first = { position: { kind: "offset" as const, offset: 0 }, limit: 10 };
          const after = { position: { kind: "after" as const, key: [NOW, "00000000-0000-4000-8000-000000000000"] }, limit: 10 };
          for (const page of [first, after]) {
            await store.meetings.list(tenantUuid, { ...page, filters: { updated_after: NOW - 1 }, sort_by: "updated_at", order });
          }
        }
      });
    } finally {
      await store.close();
    }
    const pages = statements.filter((source) => /from "meetings"/.test(source) && /order by/i.test(source) && /"updated_at" >= \?/.test(source));
    expect(pages.length).toBeGreaterThan(0);
    for (const source of pages) {
      const plan = await planOnMigratedSchema(source);
      expect(plan, source.slice(0, 200)).toMatch(/USING (COVERING )?INDEX meetings_live_updated \(tenant_uuid=\? AND updated_at>\?/);
      expect(plan, source.slice(0, 200)).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("in the start-time order, read the few meetings changed since the watermark through the change-time index and sort them", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada" });
      const [late, early] = [
        await store.meetings.create(tenantUuid, { title: "Late", starts_at: NOW + 2, attendees: [{ person_uuid: ada.uuid }] }),
        await store.meetings.create(tenantUuid, { title: "Early", starts_at: NOW + 1, attendees: [{ person_uuid: ada.uuid }] }),
      ];
      statements = await preparedDuring(async () => {
        const request = { filters: { updated_after: NOW - 1 }, order: "asc" as const, limit: 1 };
        const first = await store.meetings.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
        expect([first.total, first.rows.map((meeting) => meeting.uuid)]).toEqual([2, [early!.uuid]]);
        const next = await store.meetings.list(tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
        expect(next.rows.map((meeting) => meeting.uuid)).toEqual([late!.uuid]);
      });
    } finally {
      await store.close();
    }
    const pages = statements.filter((source) => /from "meetings"/.test(source) && /order by "meetings"\."starts_at"/.test(source));
    expect(pages).toHaveLength(2);
    for (const source of pages) {
      const plan = await planOnMigratedSchema(source);
      expect(plan, source.slice(0, 200)).toMatch(/INDEX meetings_live_updated \(tenant_uuid=\? AND updated_at>\?\)/);
      expect(plan, source.slice(0, 200)).toContain("SEARCH meetings USING INDEX sqlite_autoindex_meetings_1 (uuid=?)");
      expect(plan, source.slice(0, 200)).not.toContain("meetings_live_starts");
    }
  });
});
