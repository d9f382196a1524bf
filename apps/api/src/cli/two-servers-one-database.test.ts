/**
 * Two `rapport serve` processes on one database file (a load balancer in front of both): a write acknowledged by one
 * is in the other's relationship answers at its next read, as in its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { runRapport, startRapportServer } from "../testing/built-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-two-servers-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("two servers on one database", { timeout: 60_000 }, () => {
  it("each ranks paths through the emails the other ingested, without a restart", async () => {
    const database = join(folder, "demo.db");
    expect((await runRapport(database, "seed", "demo")).code).toBe(0);
    const key = (JSON.parse((await runRapport(database, "--json", "keys", "create", "--tenant", DEMO_TENANT_UUID)).stdout) as { key: string }).key;
    const first = await startRapportServer(database);
    const second = await startRapportServer(database);
    try {
      const headers = { "x-api-key": key, "content-type": "application/json" };
      // A relationship read loads the second server's graph, before the email exists.
      expect((await fetch(`${second.url}/v1/relationships?per_page=1`, { headers })).status).toBe(200);
      const ingested = await fetch(`${first.url}/v1/emails/batch`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          messages: [{ message_id: "<two-servers@demo-capital.example>", sent_at: "2026-11-20T09:30:00Z", from: "riley@demo-capital.example", to: ["zoe@newco.example"] }],
        }),
      });
      expect(ingested.status).toBe(200);
      const zoe = ((await ingested.json()) as { results: Array<{ participant_person_uuids: string[] }> }).results[0]!.participant_person_uuids[0]!;

      const teamPaths = async (url: string) => {
        const response = await fetch(`${url}/v1/persons/${zoe}/recommended-paths`, { headers });
        expect(response.status).toBe(200);
        return ((await response.json()) as { items: Array<{ user_email?: string; user_name?: string; paths: unknown[] }> }).items.filter((item) => item.paths.length > 0);
      };
      const fromFirst = await teamPaths(first.url);
      expect(fromFirst).toHaveLength(1);
      // The second server loaded its graph before the email existed; it answers as the first does.
      expect(await teamPaths(second.url)).toEqual(fromFirst);
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
