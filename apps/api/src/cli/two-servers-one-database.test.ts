/**
 * Two `rapport serve` processes on one database file (a load balancer in front of both), or `rapport import` beside a
 * server: a write acknowledged by one process is in the server's relationship answers at its next read, as its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { mailMessage, mboxFile } from "../imports/testing/archive-builders.js";
import { runRapport, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-two-servers-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("two servers on one database", { timeout: 60_000 }, () => {
  it("each ranks paths through the emails the other ingested, without a restart", async () => {
    const database = join(folder, "demo.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    const key = (JSON.parse((await runRapportInProcess(database, "--json", "keys", "create", "--tenant", DEMO_TENANT_UUID)).stdout) as { key: string }).key;
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
        const { items } = (await response.json()) as { items: Array<{ email: string; connection_score: number; paths: Array<Array<{ person_uuid: string }>> }> };
        return items
          .filter((item) => item.paths.length > 0)
          .map((item) => ({ email: item.email, score: item.connection_score, paths: item.paths.map((path) => path.map((step) => step.person_uuid)) }));
      };
      const fromFirst = await teamPaths(first.url);
      expect(fromFirst.map((item) => item.email)).toEqual(["riley@demo-capital.example"]);
      // The second server loaded its graph before the email existed; it answers as the first does (scores decay
      // with the clock: read a moment apart, they agree to six places).
      const fromSecond = await teamPaths(second.url);
      expect(fromSecond.map(({ email, paths }) => ({ email, paths }))).toEqual(fromFirst.map(({ email, paths }) => ({ email, paths })));
      expect(fromSecond[0]!.score).toBeCloseTo(fromFirst[0]!.score, 6);
    } finally {
      await second.stop();
      await first.stop();
    }
  });

  it("ranks paths through the emails `rapport import` wrote beside it, without a restart", async () => {
    const database = join(folder, "import-beside.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    const key = (JSON.parse((await runRapportInProcess(database, "--json", "keys", "create", "--tenant", DEMO_TENANT_UUID)).stdout) as { key: string }).key;
    const server = await startRapportServer(database);
    try {
      const headers = { "x-api-key": key, "content-type": "application/json" };
      expect((await fetch(`${server.url}/v1/relationships?per_page=1`, { headers })).status).toBe(200);
      const archive = join(folder, "riley.mbox");
      writeFileSync(
        archive,
        mboxFile([mailMessage({ messageId: "<beside@x>", from: "Riley Chen <riley@demo-capital.example>", to: ["Zoe Park <zoe@newco.example>"], date: "Thu, 19 Nov 2026 09:00:00 +0000", subject: "Hello" })]),
      );
      const imported = await runRapport(database, "import", "mbox", archive, "--tenant", DEMO_TENANT_UUID);
      expect(imported.code, imported.stderr).toBe(0);

      const lookup = await fetch(`${server.url}/v1/persons/lookup/batch`, { method: "POST", headers, body: JSON.stringify({ criteria: [{ email: "zoe@newco.example" }] }) });
      const zoe = ((await lookup.json()) as { results: Array<{ matches: Array<{ uuid: string }> }> }).results[0]!.matches[0]!.uuid;
      const paths = await fetch(`${server.url}/v1/persons/${zoe}/recommended-paths`, { headers });
      const items = ((await paths.json()) as { items: Array<{ paths: unknown[] }> }).items.filter((item) => item.paths.length > 0);
      expect(items).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
