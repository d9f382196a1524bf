import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-read-only-keys-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0037-read-only-keys", () => {
  it("keeps a key's read_only flag, false unless asked, and found with the key", async () => {
    const path = join(folder, "keys.db");
    const store = await createSqliteStore({ path });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const writing = await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-w", key_prefix: "pk_w" });
      const reading = await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-r", key_prefix: "pk_r", read_only: true });
      expect([writing.read_only, reading.read_only]).toEqual([false, true]);
      // Made in the same millisecond, the two keys are listed in uuid order: compared by prefix.
      expect(new Map((await store.apiKeys.list(tenant.uuid)).map((key) => [key.key_prefix, key.read_only]))).toEqual(
        new Map([
          ["pk_w", false],
          ["pk_r", true],
        ]),
      );
      expect((await store.apiKeys.findActiveByHash("hash-r"))?.key.read_only).toBe(true);
      expect((await store.apiKeys.findActiveByHash("hash-w"))?.key.read_only).toBe(false);
      const sqlite = new SqliteDatabase(path);
      try {
        expect(() => sqlite.prepare("update api_keys set read_only = 2 where key_hash = 'hash-w'").run()).toThrow(/CHECK constraint failed/);
      } finally {
        sqlite.close();
      }
    } finally {
      await store.close();
    }
  });
});
