/** `rapport serve` crashing: the uncaught exception is a JSON line of its log, then the process exits with 1. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";
import { endedWithTest } from "../testing/ended-with-test.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-crash-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport serve crashing", { timeout: 60_000 }, () => {
  it("logs an uncaught exception as one JSON line at level fatal, with its stack, and exits with 1", async () => {
    // Loaded before the command: on SIGUSR2, a throw that nothing catches.
    const crash = join(folder, "crash-on-signal.cjs");
    writeFileSync(crash, 'process.on("SIGUSR2", () => setImmediate(() => { throw new Error("crash test: nobody caught this"); }));\n');
    const server = endedWithTest(spawn(process.execPath, [CLI_PATH, "--db", migratedDatabaseAt(join(folder, "crash.db")), "--json", "serve", "--port", "0", "--no-warm-graphs"], {
      env: { ...process.env, RAPPORT_LOG_LEVEL: "info", NODE_OPTIONS: `--require ${crash}` },
    }));
    let stderr = "";
    const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
    await new Promise<void>((resolve) =>
      server.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('"msg":"listening"')) resolve();
      }),
    );
    server.kill("SIGUSR2");
    const code = await exited;
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n").map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string; err?: { message: string; stack: string } });
    expect(lines.map((line) => line.msg)).toContain("listening");
    expect(lines.at(-1)).toMatchObject({ level: 60, msg: "crashed: uncaught exception", origin: "uncaughtException", err: { message: "crash test: nobody caught this" } });
    expect(lines.at(-1)!.err!.stack).toMatch(/^Error: crash test: nobody caught this\n\s+at /);
  });
});
