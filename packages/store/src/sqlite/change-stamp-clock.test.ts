/** Change stamps after a clock stepped back: never below the tenant's latest, across processes; planned by index. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf } from "../testing/sqlite-plans.js";
import { LATEST_TENANT_STAMP_SQL } from "./change-stamp-clock.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-change-stamp-clock-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("change stamps", () => {
  it("never go below the tenant's latest stamp, whichever process wrote it; another tenant's do not raise them", async () => {
    const path = join(folder, "two-processes.db");
    const clocks = { server: 2_000_000, cli: 1_000_000 };
    const server = await createSqliteStore({ path, now: () => clocks.server });
    const cli = await createSqliteStore({ path, now: () => clocks.cli });
    try {
      const acme = (await server.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const globex = (await server.tenants.create({ name: "Globex", tier: "standard" })).uuid;
      const ada = await server.persons.create({ tenant_uuid: acme, name: "Ada" });
      expect(ada.service_updated_at).toBe(2_000_000);
      // A process opened beside the server, its clock behind the server's stamps: it reads them from the database.
      expect((await cli.persons.update(acme, ada.uuid, { city: "London" }))?.service_updated_at).toBe(2_000_000);
      clocks.cli = 5_000_000;
      expect((await cli.persons.create({ tenant_uuid: acme, name: "Grace" })).service_updated_at).toBe(5_000_000);
      // The server's clock stepped back below the other process's write: it sees that commit and reads again.
      clocks.server = 3_000_000;
      expect((await server.companies.create({ tenant_uuid: acme, company_name: "Initech" })).service_updated_at).toBe(5_000_000);
      expect((await server.persons.create({ tenant_uuid: globex, name: "Alan" })).service_updated_at).toBe(3_000_000);
      clocks.server = 6_000_000;
      expect((await server.persons.update(acme, ada.uuid, { city: "Paris" }))?.service_updated_at).toBe(6_000_000);
    } finally {
      await cli.close();
      await server.close();
    }
  });

  it("reads the tenant's latest stamp by a seek of an index on each table under statistics like scale L's", async () => {
    const path = join(folder, "plan.db");
    await (await createSqliteStore({ path })).close();
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["persons", "companies", "opportunities", "meetings", "activity_feed"]);
      const steps = planOf(sqlite, LATEST_TENANT_STAMP_SQL).split("; ").filter((step) => /^(SCAN|SEARCH)/.test(step) && step !== "SCAN CONSTANT ROW");
      expect(steps).toHaveLength(10);
      for (const step of steps) expect(step).toMatch(/^SEARCH \S+ USING (COVERING )?INDEX \S+ \(tenant_uuid=\?\)$/);
    } finally {
      sqlite.close();
    }
  });
});
