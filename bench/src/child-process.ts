/**
 * @module
 * Child processes of the benchmark: servers for the HTTP measurements, and one-shot measurements
 * (graph hydration, the raw scan, the mbox import) that need a process of their own so that their
 * peak memory is theirs alone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const running = new Set<ChildProcess>();
let cleanupInstalled = false;

/**
 * Tracks a child process so that it is ended with the benchmark, even when the benchmark is
 * interrupted (SIGINT, SIGTERM) before its own cleanup runs.
 */
export function trackChild<Child extends ChildProcess>(child: Child): Child {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    const endAll = () => {
      for (const each of running) each.kill();
    };
    process.once("exit", endAll);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        endAll();
        process.exit(130);
      });
    }
  }
  return child;
}

/** A bundled entry of this package: beside this module once bundled (dist/), or in dist/ when run from source by the tests. */
export function benchScript(name: string): string {
  const found = [new URL(`./${name}`, import.meta.url), new URL(`../dist/${name}`, import.meta.url), new URL(`../../dist/${name}`, import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((path) => existsSync(path));
  if (!found) throw new Error(`bench: ${name} not found; build the bench package first (npx tsup in bench/)`);
  return found;
}

/** Runs `node [nodeOptions] <dist/child-measurement.js> ...args` and returns the JSON it prints last. */
export async function runChildMeasurement<Result>(args: readonly string[], nodeOptions: readonly string[] = []): Promise<Result> {
  const child = trackChild(
    spawn(process.execPath, ["--expose-gc", ...nodeOptions, benchScript("child-measurement.js"), ...args], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, RAPPORT_LOG_LEVEL: "silent" },
    }),
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`child measurement ${args[0]} exited with ${code}`);
  const lines = output.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!) as Result;
}
