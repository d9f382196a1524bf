/**
 * POST /v1/persons/batch to a `rapport serve` process while another process's connection to its database file takes
 * the write lock between the batch's items and keeps it past the server's lock wait (5 s): the 503 that says to
 * retry wrote nothing, and the batch sent again stores each person once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startRapportServer } from "../../testing/built-cli.js";
import { runRapportInProcess } from "../../testing/in-process-cli.js";
import { expectBatchWholeOrNothing } from "../../testing/batch-under-lock.js";

const ITEMS = 50;
/** The other writer catches the lock between two items written one by one in most rounds; one transaction has no such moment. */
const ROUNDS = 6;

const folder = mkdtempSync(join(tmpdir(), "rapport-batch-beside-writer-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("POST /v1/persons/batch beside another writer", { timeout: 60_000 }, () => {
  it("answers 503 with nothing written, or the whole batch; sent again after a 503, each person is stored once", async () => {
    const database = join(folder, "rapport.db");
    const tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Acme", "--tier", "enterprise")).stdout) as { uuid: string };
    const key = (JSON.parse((await runRapportInProcess(database, "--json", "keys", "create", "--tenant", tenant.uuid)).stdout) as { key: string }).key;
    const server = await startRapportServer(database);
    try {
      const everyone = async () => {
        const response = await fetch(`${server.url}/v1/persons?per_page=1`, { headers: { "x-api-key": key } });
        return ((await response.json()) as { total: number }).total;
      };
      for (let round = 0; round < ROUNDS; round += 1) {
        const prefix = `Busy batch ${round}`;
        // Persons without an address or a profile: each item creates one, so a second write of an item is a double.
        const batch = { persons: Array.from({ length: ITEMS }, (_, index) => ({ name: `${prefix} item ${index}` })) };
        const send = () =>
          fetch(`${server.url}/v1/persons/batch`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify(batch) });
        const stored = async () => (await everyone()) - round * ITEMS;
        await expectBatchWholeOrNothing({ databasePath: database, countSql: `select count(*) from persons where tenant_uuid = '${tenant.uuid}' and name like '${prefix} item %'`, items: ITEMS, send, stored, label: `round ${round}: persons` });
      }
    } finally {
      await server.stop();
    }
  });
});
