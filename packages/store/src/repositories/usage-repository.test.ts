/** Usage counts are kept by calendar month: a month written any other way is refused before anything is counted. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { rowCounter, untyped } from "../testing/refused-writes.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-usage-months-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NOT_MONTHS: unknown[] = ["2026-13", "2026-00", "2026-1", "26-11", "2026-11-01", "2026/11", " 2026-11", "November", "", 202611, null, undefined];

const refusal = (operation: string, month: unknown) =>
  new InvalidInputError(`${operation}: "month" must be a calendar month written YYYY-MM, such as 2026-11; got ${JSON.stringify(month) ?? String(month)}`);

describe("usage months", () => {
  it("incrementMonthly refuses anything but a YYYY-MM month, buffered or in a transaction, and counts nothing", async () => {
    const path = join(folder, "increment.db");
    const store = await createSqliteStore({ path });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    for (const month of NOT_MONTHS) {
      await expect(untyped(store.usage.incrementMonthly)(tenant.uuid, month)).rejects.toThrow(refusal("usage.incrementMonthly", month));
      const inTransaction = store.transaction((transaction) => untyped(transaction.usage.incrementMonthly)(tenant.uuid, month));
      await expect(inTransaction).rejects.toThrow(refusal("usage.incrementMonthly", month));
    }
    expect(await store.usage.incrementMonthly(tenant.uuid, "2026-12")).toBe(1);
    await store.close();
    expect(rowCounter(path)("monthly_usage")).toBe(1);
    expect(rowCounter(path)("monthly_usage where month = '2026-12' and count = 1")).toBe(1);
  });

  it("monthly refuses the same months rather than answer 0 for a count that cannot exist", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    await store.usage.incrementMonthly(tenant.uuid, "2026-01");
    for (const month of NOT_MONTHS) {
      await expect(untyped(store.usage.monthly)(tenant.uuid, month)).rejects.toThrow(refusal("usage.monthly", month));
    }
    expect(await store.usage.monthly(tenant.uuid, "2026-01")).toBe(1);
    await store.close();
  });
});
