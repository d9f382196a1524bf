/** @module Test helpers: the built `rapport` command run as a process, and a `rapport serve` started from it. */
import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "vitest";
import { endedWithTest } from "./ended-with-test.js";

/** The built command (`npx pnpm build` first). */
export const CLI_PATH = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

const run = promisify(execFile);

/** Runs `rapport --db <database> ...args`: its exit code and output, a failure included. */
export async function runRapport(database: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI_PATH, "--db", database, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * Starts `rapport serve` on `database` (any free port); its URL, a stop that waits for a clean exit, and a kill (SIGKILL,
 * as a crash or power loss ends it) that waits for its end. Started in a test, it is killed when the test ends unless
 * stopped before; `{ sharedByTests: true }` leaves that to the caller's `afterAll` (one server for several tests of a
 * file: each start costs over a second of processor time). `{ logs: true }` keeps its JSON log lines (`logs()`), as
 * `serveOnceForLogs` does, for a test that checks both what it logs and what it does while it runs.
 */
export async function startRapportServer(
  database: string,
  { sharedByTests = false, logs = false } = {},
): Promise<{ url: string; stop(): Promise<void>; kill(): Promise<void>; logs(): Array<Record<string, unknown>> }> {
  const spawned = spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--port", "0", "--no-warm-graphs"], {
    env: logs ? process.env : { ...process.env, RAPPORT_LOG_LEVEL: "silent" },
  });
  // A test that fails or times out before its stop() would leave the server running in the worker, holding its
  // database and a core.
  const server = sharedByTests ? spawned : endedWithTest(spawned);
  let stderr = "";
  if (logs) server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  let output = "";
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    server.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.match(/"url": "([^"]+)"/);
      if (line) resolve(line[1]!);
    });
    server.once("exit", (code) => reject(new Error(`server exited early with ${code}`)));
  });
  return {
    url,
    async stop() {
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
    },
    async kill() {
      server.kill("SIGKILL");
      await exited;
    },
    logs: () => stderr.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/**
 * Starts `rapport --json serve` on `database` (port 0, no graph warm-up, then `serveOptions`), waits until it has printed its JSON document,
 * stops it with SIGTERM and gives its exit (code or signal) and the JSON lines it logged on stderr.
 */
export async function serveOnceForLogs(database: string, ...serveOptions: string[]): Promise<{ exit: unknown; logs: Array<Record<string, unknown>> }> {
  const server = spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--port", "0", "--no-warm-graphs", ...serveOptions]);
  let stderr = "";
  let stdout = "";
  server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
  await new Promise<void>((resolve, reject) => {
    server.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.trim().endsWith("}")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  server.kill("SIGTERM");
  const exit = await exited;
  const logs = stderr.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { exit, logs };
}
