/** `rapport persons erase` beside a running server: the server's relationship answers drop the person at once. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erase-beside-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport persons erase beside a running server", { timeout: 60_000 }, () => {
  it("takes the person out of the server's rankings, which its graph in memory held, and the server's deletions log lists it", async () => {
    const database = join(folder, "demo.db");
    // The commands run in this process: a second process beside the built server, which holds the graph in memory.
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    const key = (JSON.parse((await runRapportInProcess(database, "--json", "keys", "create", "--tenant", DEMO_TENANT_UUID)).stdout) as { key: string }).key;
    const server = await startRapportServer(database);
    try {
      const ranking = async () => {
        const response = await fetch(`${server.url}/v1/relationships?per_page=100`, { headers: { "x-api-key": key } });
        expect(response.status).toBe(200);
        return ((await response.json()) as { items: Array<{ entity: string; uuid: string; name: string }> }).items;
      };
      const person = (await ranking()).find((item) => item.entity === "person" && item.name === "Jordan Blake");
      expect(person).toBeDefined();
      const erased = await runRapportInProcess(database, "persons", "erase", "--tenant", DEMO_TENANT_UUID, "--person", person!.uuid);
      expect(erased.code, erased.stderr).toBe(0);
      expect((await ranking()).map((item) => item.uuid)).not.toContain(person!.uuid);
      // The command's erasure is in the server's deletions log, for integrators' copies.
      const log = await fetch(`${server.url}/v1/deletions?entity_type=PERSON`, { headers: { "x-api-key": key } });
      expect(((await log.json()) as { items: Array<{ uuid: string; reason: string }> }).items).toContainEqual(expect.objectContaining({ uuid: person!.uuid, reason: "ERASED" }));
    } finally {
      await server.stop();
    }
  });
});
