/**
 * Monthly counts are kept in memory between writes: each process answers with the table's count plus
 * its own, writes them within a flush period and on close, and never writes inside another transaction.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { NotFoundError } from "../errors.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { createMonthlyUsageBuffer } from "./monthly-usage-buffer.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-usage-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function storedCount(path: string, tenantUuid: string, month: string): number {
  const reader = new SqliteDatabase(path, { readonly: true });
  try {
    return Number(reader.prepare("select count from monthly_usage where tenant_uuid = ? and month = ?").pluck().get(tenantUuid, month) ?? 0);
  } finally {
    reader.close();
  }
}

describe("monthly usage buffer", () => {
  it("adds up two processes' counts within a flush period, and writes the rest on close", async () => {
    const path = join(folder, "two-stores.db");
    const first = await createSqliteStore({ path });
    const second = await createSqliteStore({ path });
    const tenant = await first.tenants.create({ name: "Acme", tier: "standard" });

    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-11")).toBe(1);
    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-11")).toBe(2);
    expect(await first.usage.monthly(tenant.uuid, "2026-11")).toBe(2);
    // Nothing written yet: the other process does not see them.
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(0);
    expect(await second.usage.monthly(tenant.uuid, "2026-11")).toBe(0);

    await sleep(250);
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(2);
    expect(await second.usage.incrementMonthly(tenant.uuid, "2026-11")).toBe(3);
    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-11")).toBe(3);
    await sleep(250);
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(4);
    expect(await first.usage.monthly(tenant.uuid, "2026-11")).toBe(4);

    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-12")).toBe(1);
    await first.close();
    expect(storedCount(path, tenant.uuid, "2026-12")).toBe(1);
    await second.close();
  });

  it("counts in the table at once from exactFrom on, so two processes never both take a limit's last units", async () => {
    const path = join(folder, "exact-from.db");
    const first = await createSqliteStore({ path });
    const second = await createSqliteStore({ path });
    const tenant = await first.tenants.create({ name: "Acme", tier: "standard" });
    const exactFrom = 3;

    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-11", exactFrom)).toBe(1);
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(0);
    // The third unit is written with the two counted in memory before it, and seen by the other process at once.
    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-11", 2)).toBe(2);
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(2);
    expect(await second.usage.incrementMonthly(tenant.uuid, "2026-11", exactFrom)).toBe(3);
    expect(await first.usage.incrementMonthly(tenant.uuid, "2026-11", exactFrom)).toBe(4);
    expect(await second.usage.incrementMonthly(tenant.uuid, "2026-11", exactFrom)).toBe(5);
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(5);
    await first.close();
    await second.close();
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(5);
  });

  it("waits for a transaction open on the connection, so a rollback does not take the counts with it", async () => {
    const path = join(folder, "transaction.db");
    const store = await createSqliteStore({ path });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    await store.usage.incrementMonthly(tenant.uuid, "2026-11");
    const failed = store.transaction(async (transaction) => {
      await transaction.persons.create({ tenant_uuid: tenant.uuid, name: "Rolled back" });
      // The flush period passes while this transaction is open.
      await sleep(250);
      throw new Error("roll back");
    });
    await expect(failed).rejects.toThrow("roll back");
    await sleep(250);
    expect(storedCount(path, tenant.uuid, "2026-11")).toBe(1);
    expect((await store.persons.list(tenant.uuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 })).total).toBe(0);
    await store.close();
  });

  it("counts nothing for a tenant that does not exist or is deleted: a NotFoundError, buffered or in a transaction", async () => {
    const path = join(folder, "unknown-tenant.db");
    const store = await createSqliteStore({ path });
    const live = await store.tenants.create({ name: "Acme", tier: "standard" });
    const deleted = await store.tenants.create({ name: "Globex", tier: "standard" });
    await store.tenants.delete(deleted.uuid);
    for (const tenantUuid of ["00000000-0000-4000-8000-000000000000", deleted.uuid]) {
      const error = new NotFoundError(`usage.incrementMonthly: tenant ${tenantUuid} not found`);
      await expect(store.usage.incrementMonthly(tenantUuid, "2026-11")).rejects.toThrow(error);
      await expect(store.transaction((transaction) => transaction.usage.incrementMonthly(tenantUuid, "2026-11"))).rejects.toThrow(error);
      expect(await store.usage.monthly(tenantUuid, "2026-11")).toBe(0);
    }
    expect(await store.transaction((transaction) => transaction.usage.incrementMonthly(live.uuid, "2026-11"))).toBe(1);
    expect(await store.usage.incrementMonthly(live.uuid, "2026-11")).toBe(2);
    await store.close();
    const reader = new SqliteDatabase(path, { readonly: true });
    expect(reader.prepare("select tenant_uuid, count from monthly_usage").all()).toEqual([{ tenant_uuid: live.uuid, count: 2 }]);
    reader.close();
  });

  it("does not write the counts of a tenant deleted before they are written", async () => {
    const path = join(folder, "deleted-meanwhile.db");
    const server = await createSqliteStore({ path });
    const operator = await createSqliteStore({ path });
    const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
    expect(await server.usage.incrementMonthly(tenant.uuid, "2026-12")).toBe(1);
    await operator.tenants.delete(tenant.uuid);
    await server.close();
    await operator.close();
    const reader = new SqliteDatabase(path, { readonly: true });
    expect(reader.prepare("select count(*) from monthly_usage").pluck().get()).toBe(0);
    reader.close();
  });

  it("keeps counts whose write failed for the next period", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    sqlite.exec("create table monthly_usage (tenant_uuid text not null, month text not null, count integer not null, primary key (tenant_uuid, month))");
    sqlite.exec("create table tenants (uuid text primary key, deleted_at integer); insert into tenants (uuid) values ('t')");
    const buffer = createMonthlyUsageBuffer(sqlite, 60_000);
    expect(buffer.increment("t", "2026-11")).toBe(1);
    sqlite.exec("create trigger refuse before insert on monthly_usage begin select raise(abort, 'disk full'); end");
    buffer.flush();
    expect(buffer.current("t", "2026-11")).toBe(1);
    sqlite.exec("drop trigger refuse");
    expect(buffer.increment("t", "2026-11")).toBe(2);
    buffer.close();
    expect(sqlite.prepare("select count from monthly_usage").pluck().get()).toBe(2);
    sqlite.close();
  });

  it("in a store, does not hold the event loop while another process holds the write lock: it writes at a later period", async () => {
    const path = join(folder, "locked.db");
    // A write that waited for the lock in SQLite's sleep would hold this thread for the store's lock wait, a minute
    // here: past the test's time limit, so waiting fails the test, unbounded by a clock of ours.
    const store = await createSqliteStore({ path, lockWaitMs: 60_000 });
    const other = new SqliteDatabase(path);
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      other.exec("begin immediate");
      expect(await store.usage.incrementMonthly(tenant.uuid, "2026-11")).toBe(1);
      // Past the flush period (100 ms): its write is refused at once and kept.
      await sleep(300);
      expect(storedCount(path, tenant.uuid, "2026-11")).toBe(0);
      other.exec("commit");
      await sleep(300);
      expect(storedCount(path, tenant.uuid, "2026-11")).toBe(1);
    } finally {
      other.close();
      await store.close();
    }
  });
});
