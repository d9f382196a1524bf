/**
 * A person's erasure runs on a connection of its own (`sqlite/long-write-connection.ts`): other requests' reads do
 * not wait for it, a read after it sees it at once, and the graph knows the log entries it wrote as its own.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erase-own-connection-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

/** A tenant with a user, a busy contact (`emails` messages with the user) and a quiet one. */
async function tenantWithBusyContact(store: Store, emails: number) {
  const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
  await store.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
  const messages = Array.from({ length: emails }, (_, index) => ({
    message_id: `m${index}`,
    sent_at: NOW - (1 + (index % 300)) * DAY,
    from: { email: index % 2 ? "ada@acme.example" : "busy@globex.example" },
    to: [{ email: index % 2 ? "busy@globex.example" : "ada@acme.example" }, { email: `cc${index % 50}@globex.example` }],
  }));
  for (let start = 0; start < messages.length; start += 500) await store.emails.ingestMany(tenant.uuid, messages.slice(start, start + 500));
  const quiet = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Quiet Person" });
  const busyUuid = (await store.persons.findByEmails(tenant.uuid, ["busy@globex.example"])).get("busy@globex.example")!;
  return { tenantUuid: tenant.uuid, busyUuid, quietUuid: quiet.uuid };
}

describe("persons.erase on a connection of its own", () => {
  it("lets other requests' reads go on while it runs", async () => {
    const store = await createSqliteStore({ path: join(folder, "reads-go-on.db"), now: () => NOW });
    try {
      const { tenantUuid, busyUuid, quietUuid } = await tenantWithBusyContact(store, 2_000);
      const order: string[] = [];
      const erasing = store.persons.erase(tenantUuid, busyUuid).then(() => order.push("erased"));
      const reading = store.persons.get(tenantUuid, quietUuid).then((person) => order.push(`read ${person?.name}`));
      await Promise.all([erasing, reading]);
      expect(order).toEqual(["read Quiet Person", "erased"]);
    } finally {
      await store.close();
    }
  });

  it("gives the event loop a turn after each statement, so the process goes on answering", async () => {
    const store = await createSqliteStore({ path: join(folder, "event-loop-turns.db"), now: () => NOW });
    try {
      const { tenantUuid, busyUuid } = await tenantWithBusyContact(store, 200);
      const order: string[] = [];
      const erasing = store.persons.erase(tenantUuid, busyUuid).then(() => order.push("erased"));
      // A request's socket is read in such a turn; a chain of settled promises alone would run to its end first.
      setImmediate(() => order.push("a turn of the event loop"));
      await erasing;
      expect(order).toEqual(["a turn of the event loop", "erased"]);
    } finally {
      await store.close();
    }
  });

  it("is seen by a read right after it, even while reads ran throughout", async () => {
    const store = await createSqliteStore({ path: join(folder, "read-right-after.db"), now: () => NOW });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      for (let index = 0; index < 20; index++) {
        const person = await store.persons.create({ tenant_uuid: tenant.uuid, name: `Contact ${index}`, emails: [`c${index}@globex.example`] });
        let erased = false;
        const erasing = store.persons.erase(tenant.uuid, person.uuid).then(() => (erased = true));
        // Reads one after another on the store's connection, each asking whether another connection committed (at
        // most once a millisecond): the last one before the erasure's commit asked a moment before it. Each waits
        // for a turn of the event loop, as requests do, in which the erasure takes its next step.
        while (!erased) {
          await store.persons.get(tenant.uuid, person.uuid);
          await new Promise((resolve) => setImmediate(resolve));
        }
        await erasing;
        expect(await store.persons.get(tenant.uuid, person.uuid)).toBeNull();
      }
    } finally {
      await store.close();
    }
  });

  it("is seen by the store's next read at once, and its log entries are not read back into the graph", async () => {
    const store = await createSqliteStore({ path: join(folder, "seen-at-once.db"), now: () => NOW });
    try {
      const { tenantUuid, busyUuid } = await tenantWithBusyContact(store, 40);
      const graph = await store.graphs.forTenant(tenantUuid);
      // Remembered by the store's connection before the erasure.
      expect((await store.persons.get(tenantUuid, busyUuid))?.uuid).toBe(busyUuid);
      expect(await store.persons.erase(tenantUuid, busyUuid)).toBe(true);
      expect(await store.persons.get(tenantUuid, busyUuid)).toBeNull();
      // Its emails are gone from the graph (those to the busy contact stay, with the others on them).
      expect(graph.interactionCount).toBe(20);
      const revision = store.graphs.revision(tenantUuid);
      expect(await store.graphs.forTenant(tenantUuid)).toBe(graph);
      expect(store.graphs.revision(tenantUuid)).toBe(revision);
    } finally {
      await store.close();
    }
  });

  it("runs its statements, its commit and the WAL's truncation on other threads: the event loop's runs none of them", async () => {
    const path = join(folder, "off-the-event-loop.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    try {
      const { tenantUuid, busyUuid } = await tenantWithBusyContact(store, 200);
      // What this thread's connections prepare and the pragmas they run (better-sqlite3's `pragma()` prepares in
      // C++, past `prepare`).
      const ran: string[] = [];
      const { prepare, pragma } = SqliteDatabase.prototype;
      const spies = [
        vi.spyOn(SqliteDatabase.prototype, "prepare").mockImplementation(function (this: SqliteDatabase.Database, source: string) {
          ran.push(source);
          return prepare.call(this, source);
        }),
        vi.spyOn(SqliteDatabase.prototype, "pragma").mockImplementation(function (this: SqliteDatabase.Database, source: string, options?: SqliteDatabase.PragmaOptions) {
          ran.push(`pragma ${source}`);
          return pragma.call(this, source, options);
        }),
      ];
      try {
        expect(await store.persons.erase(tenantUuid, busyUuid)).toBe(true);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      expect(ran.filter((source) => /^(begin|commit|delete|update|pragma)/i.test(source.trim()))).toEqual([]);
      expect(await store.persons.get(tenantUuid, busyUuid)).toBeNull();
      expect(statSync(`${path}-wal`).size).toBe(0);
    } finally {
      await store.close();
    }
  });
});
