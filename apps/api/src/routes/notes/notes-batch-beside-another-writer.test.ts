/**
 * POST /v1/notes/batch to a `rapport serve` process while another process's connection to its database file takes
 * the write lock between the batch's notes and keeps it past the server's lock wait (5 s): the 503 that says to retry
 * wrote no note, and the batch sent again stores each note once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startRapportServer } from "../../testing/built-cli.js";
import { runRapportInProcess } from "../../testing/in-process-cli.js";
import { expectBatchWholeOrNothing } from "../../testing/batch-under-lock.js";

const ITEMS = 100;
/** The other writer catches the lock between two notes written one by one in most rounds; one transaction has no such moment. */
const ROUNDS = 6;

const folder = mkdtempSync(join(tmpdir(), "rapport-notes-beside-writer-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("POST /v1/notes/batch beside another writer", { timeout: 60_000 }, () => {
  it("answers 503 with no note written, or the whole batch; sent again after a 503, each note is stored once", async () => {
    const database = join(folder, "rapport.db");
    const tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Acme", "--tier", "enterprise")).stdout) as { uuid: string };
    const key = (JSON.parse((await runRapportInProcess(database, "--json", "keys", "create", "--tenant", tenant.uuid)).stdout) as { key: string }).key;
    const server = await startRapportServer(database);
    try {
      const headers = { "x-api-key": key, "content-type": "application/json" };
      const person = (await (await fetch(`${server.url}/v1/persons`, { method: "POST", headers, body: JSON.stringify({ name: "Ada Park" }) })).json()) as { uuid: string };
      const notesOfAda = async () => {
        const response = await fetch(`${server.url}/v1/notes?entity_type=PERSON&entity_uuid=${person.uuid}&per_page=1`, { headers });
        return ((await response.json()) as { total: number }).total;
      };
      for (let round = 0; round < ROUNDS; round += 1) {
        const prefix = `Busy batch ${round}`;
        const batch = { items: Array.from({ length: ITEMS }, (_, index) => ({ person_uuid: person.uuid, content: `${prefix} note ${index}` })) };
        const send = () => fetch(`${server.url}/v1/notes/batch`, { method: "POST", headers, body: JSON.stringify(batch) });
        const stored = async () => (await notesOfAda()) - round * ITEMS;
        await expectBatchWholeOrNothing({ databasePath: database, countSql: `select count(*) from notes where tenant_uuid = '${tenant.uuid}' and content like '${prefix} note %'`, items: ITEMS, send, stored, label: `round ${round}: notes` });
      }
    } finally {
      await server.stop();
    }
  });
});
