/** Migration 0097: a kept answer's `ETag` column, null for the answers kept before it. */
import { describe, expect, it } from "vitest";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";

describe("migration 0097-kept-answer-entity-tags", () => {
  it("adds idempotent_requests.entity_tag, null for the answers kept before it", async () => {
    const { sqlite, db, migrate } = nameKeysMigrationDatabase();
    try {
      await migrate("0096-company-duplicate-name-keys");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into idempotent_requests (tenant_uuid, caller, idempotency_key, fingerprint, claim, claimed_at, status, response, expires_at)
          values ('t1', 'k1:', 'retry-1', 'f', 'c', 1, 200, '{}', 5);`);
      await migrate("0097-kept-answer-entity-tags");
      expect(sqlite.prepare("select idempotency_key, status, entity_tag from idempotent_requests").all()).toEqual([{ idempotency_key: "retry-1", status: 200, entity_tag: null }]);
    } finally {
      await db.destroy();
    }
  });
});
