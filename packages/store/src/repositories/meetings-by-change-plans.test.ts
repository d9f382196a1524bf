/**
 * A poller of meetings by change time (`updated_after`, sorted by `updated_at`, as `GET /v1/meetings` takes them)
 * reads each page through the live (tenant, updated_at, uuid) index of migration 0050: from its watermark, in order,
 * with no sort of the tenant's meetings.
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
});
