/**
 * A sync polling notes and tasks by change time (`updated_after`, sorted by `updated_at`, as `GET /v1/notes` and
 * `GET /v1/tasks` take them) reads each page through the (tenant, updated_at, uuid) index of migration 0046: from
 * its watermark, in order, with no sort of the tenant's rows.
 */
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { planOnMigratedSchema, preparedDuring } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);

describe("notes and tasks polled by change time", () => {
  it("seek the watermark and read in order through the change-time index, first page and cursor pages", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    const viewer = { user_uuid: null };
    let statements: string[];
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      statements = await preparedDuring(async () => {
        for (const order of ["asc", "desc"] as const) {
          const first = { position: { kind: "offset" as const, offset: 0 }, limit: 10 };
          const after = { position: { kind: "after" as const, key: [NOW, "00000000-0000-4000-8000-000000000000"] }, limit: 10 };
          for (const page of [first, after]) {
            await store.notes.list(tenantUuid, { ...page, updated_after: NOW - 1, sort_by: "updated_at", order, viewer });
            await store.tasks.list(tenantUuid, { ...page, filters: { updated_after: NOW - 1 }, sort_by: "updated_at", order, viewer });
          }
        }
      });
    } finally {
      await store.close();
    }
    const pages = statements.filter((source) => /from "(notes|tasks)"/.test(source) && /order by/i.test(source) && /"updated_at" >= \?/.test(source));
    expect(pages.filter((source) => /from "notes"/.test(source)).length).toBeGreaterThan(0);
    expect(pages.filter((source) => /from "tasks"/.test(source)).length).toBeGreaterThan(0);
    for (const source of pages) {
      const plan = await planOnMigratedSchema(source);
      expect(plan, source.slice(0, 200)).toMatch(/USING (COVERING )?INDEX (notes|tasks)_tenant_updated_at \(tenant_uuid=\? AND updated_at>\?/);
      expect(plan, source.slice(0, 200)).not.toMatch(/TEMP B-TREE/);
    }
  });
});
