/**
 * Keys' last uses are kept in memory and written once per period and on close, the latest use of each key, never
 * moving a stored time back; listing a tenant's keys shows this process's uses not yet written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "./create-sqlite-store.js";
import { createKeyUseBuffer } from "./key-use-buffer.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-key-uses-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function storedUses(path: string): Array<{ key_uuid: string; last_used_at: number; last_used_via: string }> {
  const reader = new SqliteDatabase(path, { readonly: true });
  try {
    return reader.prepare("select key_uuid, last_used_at, last_used_via from api_key_uses order by key_uuid").all() as never;
  } finally {
    reader.close();
  }
}

/** A database with the store's tables, and a clock the test moves. */
async function migratedDatabase(name: string) {
  const path = join(folder, name);
  await (await createSqliteStore({ path })).close();
  return path;
}

describe("key use buffer", () => {
  it("writes nothing per use: a period's uses go in one write, each key's latest, and a key used again waits a period", async () => {
    const path = await migratedDatabase("periods.db");
    const sqlite = new SqliteDatabase(path);
    let writes = 0;
    const counting = new Proxy(sqlite, {
      get(target, property) {
        if (property !== "transaction") return Reflect.get(target, property, target);
        return (work: (...args: never[]) => unknown) => {
          const transaction = target.transaction(work);
          return (...args: never[]) => {
            writes += 1;
            return transaction(...args);
          };
        };
      },
    });
    const buffer = createKeyUseBuffer(counting, 200);
    try {
      buffer.note("key-a", "tenant", "rest", 1_000);
      buffer.note("key-a", "tenant", "mcp", 2_000);
      buffer.note("key-b", "tenant", "rest", 1_500);
      // An earlier time noted late (a request that started first) does not replace a later one.
      buffer.note("key-a", "tenant", "rest", 1_800);
      expect(storedUses(path)).toEqual([]);
      expect(buffer.pending("key-a")).toEqual({ tenantUuid: "tenant", at: 2_000, via: "mcp" });
      await sleep(400);
      expect(writes).toBe(1);
      expect(storedUses(path)).toEqual([
        { key_uuid: "key-a", last_used_at: 2_000, last_used_via: "mcp" },
        { key_uuid: "key-b", last_used_at: 1_500, last_used_via: "rest" },
      ]);
      expect(buffer.pending("key-a")).toBeUndefined();
      buffer.note("key-a", "tenant", "rest", 3_000);
      await sleep(50);
      expect(storedUses(path)[0]).toMatchObject({ last_used_at: 2_000 });
      buffer.close();
      expect(writes).toBe(2);
      expect(storedUses(path)[0]).toEqual({ key_uuid: "key-a", last_used_at: 3_000, last_used_via: "rest" });
    } finally {
      buffer.close();
      sqlite.close();
    }
  });

  it("never moves a key's time back when two processes on one file write theirs", async () => {
    const path = await migratedDatabase("two-processes.db");
    let clock = 10_000;
    const first = await createSqliteStore({ path, now: () => clock });
    const second = await createSqliteStore({ path, now: () => clock });
    const tenant = await first.tenants.create({ name: "Acme", tier: "standard" });
    const key = await first.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash", key_prefix: "pk_a" });
    second.apiKeys.noteUse(key, "rest");
    clock = 20_000;
    first.apiKeys.noteUse(key, "mcp");
    await first.close();
    // The second process's earlier use is written last.
    await second.close();
    expect(storedUses(path)).toEqual([{ key_uuid: key.uuid, last_used_at: 20_000, last_used_via: "mcp" }]);
  });

  it("lists each key's latest use, this process's unwritten ones included, and never for a key not used", async () => {
    const path = await migratedDatabase("listed.db");
    let clock = 5_000;
    const writer = await createSqliteStore({ path, now: () => clock });
    const tenant = await writer.tenants.create({ name: "Acme", tier: "standard" });
    const used = await writer.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-used", key_prefix: "pk_u" });
    const unused = await writer.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-unused", key_prefix: "pk_n" });
    writer.apiKeys.noteUse(used, "mcp");
    await writer.close();
    const reader = await createSqliteStore({ path, now: () => clock });
    try {
      const lastUses = async () =>
        new Map((await reader.apiKeys.list(tenant.uuid)).map((key) => [key.uuid, [key.last_used_at, key.last_used_via]]));
      expect(await lastUses()).toEqual(
        new Map([
          [used.uuid, [5_000, "mcp"]],
          [unused.uuid, [null, null]],
        ]),
      );
      clock = 6_000;
      reader.apiKeys.noteUse(used, "rest");
      expect((await lastUses()).get(used.uuid)).toEqual([6_000, "rest"]);
    } finally {
      await reader.close();
    }
  });
});
