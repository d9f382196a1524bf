/**
 * @module Test helper: the `rapport` program run inside the test's process on captured streams, for tests of what a
 * command prints and changes. What needs the real process (its entry point, signals, pipes, terminals, a server)
 * runs the built command instead (built-cli.ts).
 */
import { createServer, type AddressInfo } from "node:net";
import { PassThrough, Readable } from "node:stream";
import { withCommandStreams } from "../cli/command-streams.js";
import { runCli } from "../cli/run-cli.js";

/** Runs `rapport --db <database> ...args` in this process: its exit code and output, as `runRapport` gives them. */
export function runRapportInProcess(database: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(database, args, "");
}

/** Runs `rapport --db <database> ...args` in this process, `input` on its standard input (not a terminal). */
export function runRapportInProcessWithInput(input: string | Buffer, database: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(database, args, input);
}

/**
 * Runs `rapport --db <database> ...args` in this process, `input` on its standard input, calling `onStderr` with all
 * it has written on standard error so far at each write (a test that acts at a progress line, e.g. sends a signal).
 */
export function runRapportInProcessWatchingStderr(
  input: string | Buffer,
  onStderr: (written: string) => void,
  database: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runInProcess(database, args, input, onStderr);
}

/**
 * Runs `rapport serve` in this process, with `variables` set in its environment meanwhile (undefined: unset), on a port
 * this process holds: a serve expected to refuse before it listens that went on instead fails there (port in use),
 * rather than serving from the test's process.
 */
export async function serveInProcess(databasePath: string, variables: Record<string, string | undefined> = {}, ...serveOptions: string[]) {
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const environment: Record<string, string | undefined> = { RAPPORT_LOG_LEVEL: "silent", ...variables };
  const saved = Object.keys(environment).map((name) => [name, process.env[name]] as const);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  for (const [name, value] of Object.entries(environment)) set(name, value);
  try {
    return await runRapportInProcess(databasePath, "serve", "--no-warm-graphs", ...serveOptions, "--port", String((taken.address() as AddressInfo).port));
  } finally {
    for (const [name, value] of saved) set(name, value);
    taken.close();
  }
}

async function runInProcess(
  database: string,
  args: readonly string[],
  input: string | Buffer,
  onStderr?: (written: string) => void,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = capture();
  const stderr = capture();
  if (onStderr) stderr.stream.on("data", () => onStderr(stderr.text()));
  const stdin = Readable.from(input.length === 0 ? [] : [Buffer.from(input)]);
  // A command ends an interrupted import with process.exitCode: it is this run's code, not the test process's.
  const exitCodeBefore = process.exitCode;
  process.exitCode = undefined;
  try {
    const code = await withCommandStreams({ stdin, stdout: stdout.stream, stderr: stderr.stream }, () => runCli(["node", "rapport", "--db", database, ...args]));
    return { code: code ?? Number(process.exitCode ?? 0), stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    process.exitCode = exitCodeBefore;
  }
}

function capture() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}
