/** `rapport serve` whose log reader goes away (a `| tee` stopped, a collector restarted) keeps serving, and stops on a signal. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";
import { endedWithTest } from "../testing/ended-with-test.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-log-reader-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport serve without its log reader", { timeout: 60_000 }, () => {
  it("keeps answering once its stdout's reader is gone, then drains and exits 0 on SIGTERM", async () => {
    const server = endedWithTest(spawn(process.execPath, [CLI_PATH, "--db", migratedDatabaseAt(join(folder, "rapport.db")), "serve", "--port", "0", "--no-warm-graphs"]));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => server.once("exit", (code, signal) => resolve({ code, signal })));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        server.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          const listening = /listening on (http:\/\/\S+)/.exec(output);
          if (listening) resolve(listening[1]!);
        });
        server.once("exit", (code) => reject(new Error(`serve exited early with ${code}`)));
      });
      // The reader goes: every log line the server writes from now on meets a closed pipe.
      server.stdout.on("error", () => undefined);
      server.stdout.destroy();
      for (let index = 0; index < 5; index += 1) {
        const ready = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5_000) });
        expect(ready.status).toBeLessThan(600);
        await ready.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      server.kill("SIGTERM");
      // One that hung on its closed log pipe would run on until the test's time limit fails it (and kills it, below).
      expect(await exited).toEqual({ code: 0, signal: null });
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    }
  });
});
