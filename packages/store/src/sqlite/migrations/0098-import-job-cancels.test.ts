/** Migration 0098: import jobs get `cancel_requested_at`, null for the jobs recorded before, which read as asked for no cancel. */
import { describe, expect, it } from "vitest";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";
import { createImportJobRepository } from "../../repositories/import-job-repository.js";

describe("migration 0098-import-job-cancels", () => {
  it("adds cancel_requested_at, null for the jobs recorded before", async () => {
    const { sqlite, db, migrate } = nameKeysMigrationDatabase();
    try {
      await migrate("0096-company-duplicate-name-keys");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Shop', 'standard', 1);
        insert into import_jobs (uuid, tenant_uuid, kind, status, dry_run, created_at, updated_at) values ('j1', 't1', 'mbox', 'running', 0, 1, 1);`);
      await migrate("0098-import-job-cancels");
      const jobs = createImportJobRepository({ db, now: () => 5, generateId: () => "j2" } as never);
      expect(await jobs.get("t1", "j1")).toMatchObject({ status: "running", cancel_requested_at: null });
      expect(await jobs.requestCancel("t1", "j1")).toBe(true);
      expect(await jobs.get("t1", "j1")).toMatchObject({ cancel_requested_at: 5, updated_at: 1 });
    } finally {
      await db.destroy();
    }
  });
});
