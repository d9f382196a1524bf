/** Migration 0095: every key stored before it is a lineage of its own (null), and a file migrated so reads them. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { nameKeysMigrationDatabase } from "../../testing/name-keys-migration-database.js";
import { createSqliteStore } from "../create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-key-lineages-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0095-key-lineages", () => {
  it("adds lineage_uuid, null for the keys stored before it, rotated ones included", async () => {
    const { sqlite, db, migrate } = nameKeysMigrationDatabase();
    try {
      await migrate("0093-company-name-keys-without-punctuation");
      sqlite.exec(`insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1);
        insert into api_keys (uuid, tenant_uuid, user_uuid, key_hash, key_prefix, created_at, expires_at) values
          ('k1', 't1', null, 'h1', 'pk_1', 1, 5), ('k2', 't1', null, 'h2', 'pk_2', 2, null);`);
      await migrate("0095-key-lineages");
      expect(sqlite.prepare("select uuid, lineage_uuid from api_keys order by uuid").all()).toEqual([
        { uuid: "k1", lineage_uuid: null },
        { uuid: "k2", lineage_uuid: null },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it("reads a key stored without a lineage as its own, and a rotation of it as the same lineage", async () => {
    const path = join(folder, "keys.db");
    const store = await createSqliteStore({ path });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const key = await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-old", key_prefix: "pk_old" });
      const sqlite = new SqliteDatabase(path);
      try {
        expect(sqlite.prepare("select lineage_uuid from api_keys where uuid = ?").get(key.uuid)).toEqual({ lineage_uuid: null });
      } finally {
        sqlite.close();
      }
      expect((await store.apiKeys.findActiveByHash("hash-old"))?.key.lineage_uuid).toBe(key.uuid);
      const rotated = await store.apiKeys.rotate(tenant.uuid, key.uuid, { key_hash: "hash-new", key_prefix: "pk_new" }, { graceMs: 0 });
      expect(rotated?.key.lineage_uuid).toBe(key.uuid);
    } finally {
      await store.close();
    }
  });
});
