/**
 * @module
 * `node bench/dist/ab-batches.js --a <root> --a-db <file> --a-key <key> --b <root> --b-db <file> --b-key <key> --scale M`:
 * the batch rows' own batches (`batchTargets`) sent to two builds' servers, one each (`serve-for-bench.js rapport`
 * from each root's built bench, warmed as the row's server), each batch to both in turn with the order flipped at every
 * batch: the warm-up batch, each batch's first asking (the row's figure), then `--rounds` rounds asked again
 * (`Cache-Control: no-cache`). Read per batch: each server's processor time (`/proc`, every thread), its system share
 * and minor faults, the wall time, and whether the two answers were the same bytes. On a shared machine the processor
 * time is the figure; run it twice with `--first b` the second time, since the server started second can read slower.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { Command } from "commander";
import { companyId, personId } from "./generate-tenant.js";
import { SCALES, type Scale } from "./scales.js";
import { batchTargets } from "./targets.js";
import { benchFetch, waitUntilReady } from "./http-client.js";
import { readProcessUsage } from "./ab/process-usage.js";
import { trackChild } from "./child-process.js";
import { abTable, type Asking, type PairRecord, type Side } from "./ab/ab-table.js";

interface Build {
  root: string;
  database: string;
  key: string;
}

interface Server {
  child: ChildProcess;
  pid: number;
  url: string;
  key: string;
}

/** Starts `root`'s `serve-for-bench.js rapport` on `database` and waits until it is warm, as the batch rows' server. */
async function startServer(build: Build, firstPerson: string): Promise<Server> {
  // Tracked: ended with this process, also when a server fails to warm or the run is interrupted.
  const child = trackChild(
    spawn(process.execPath, ["--max-old-space-size=8192", `${build.root}/bench/dist/serve-for-bench.js`, "rapport", build.database], {
      env: { ...process.env, RAPPORT_LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`the server of ${build.root} exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url);
  const warm = await benchFetch(`${url}/v1/persons/${firstPerson}/recommended-paths`, { headers: { "x-api-key": build.key } });
  await warm.arrayBuffer();
  if (warm.status !== 200) throw new Error(`the server of ${build.root} answered its warm-up with ${warm.status}`);
  return { child, pid: child.pid!, url, key: build.key };
}

async function ask(server: Server, resource: string, uuids: readonly string[], headers: Record<string, string>): Promise<Asking> {
  const before = readProcessUsage(server.pid);
  const started = performance.now();
  const response = await benchFetch(`${server.url}/v1/${resource}/recommended-paths/batch`, {
    method: "POST",
    body: JSON.stringify({ uuids }),
    headers: { "x-api-key": server.key, "content-type": "application/json", ...headers },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const wallMs = performance.now() - started;
  // The server may still be closing its side of the answer when the client has the last byte.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const after = readProcessUsage(server.pid);
  if (response.status !== 200) throw new Error(`${resource} batch answered ${response.status}: ${body.toString("utf8").slice(0, 200)}`);
  return {
    wallMs,
    cpuMs: (after.runNs - before.runNs) / 1e6,
    userTicks: after.userTicks - before.userTicks,
    systemTicks: after.systemTicks - before.systemTicks,
    minorFaults: after.minorFaults - before.minorFaults,
    bytes: body.byteLength,
    sha1: createHash("sha1").update(body).digest("hex"),
  };
}

async function run(builds: Record<Side, Build>, scale: Scale, batchCount: number, rounds: number, first: Side): Promise<PairRecord[]> {
  const personUuids = Array.from({ length: scale.persons }, (_unused, index) => personId(index));
  const companyUuids = Array.from({ length: scale.companies }, (_unused, index) => companyId(index));
  const started: Partial<Record<Side, Server>> = {};
  try {
    for (const side of first === "a" ? (["a", "b"] as const) : (["b", "a"] as const)) started[side] = await startServer(builds[side], personUuids[0]!);
    const servers = started as Record<Side, Server>;
    const batches = { persons: batchTargets(personUuids, batchCount, "person"), companies: batchTargets(companyUuids, batchCount, "company") };
    const records: PairRecord[] = [];
    let flipped = false;
    const pair = async (phase: PairRecord["phase"], resource: PairRecord["resource"], index: number, headers: Record<string, string>) => {
      const order: Side[] = flipped ? ["b", "a"] : ["a", "b"];
      flipped = !flipped;
      const asked: Partial<Record<Side, Asking>> = {};
      for (const side of order) asked[side] = await ask(servers[side], resource, batches[resource][index]!, headers);
      records.push({ phase, resource, index, firstSent: order[0]!, a: asked.a!, b: asked.b! });
    };
    for (const resource of ["persons", "companies"] as const) {
      for (const side of ["a", "b"] as const) await ask(servers[side], resource, batches[resource][0]!, { "cache-control": "no-store" });
      for (let index = 0; index < batches[resource].length; index++) await pair("first", resource, index, {});
    }
    for (let round = 0; round < rounds; round++) {
      for (const resource of ["persons", "companies"] as const) {
        for (let index = 0; index < batches[resource].length; index++) await pair("again", resource, index, { "cache-control": "no-cache" });
      }
    }
    return records;
  } finally {
    for (const server of Object.values(started)) server.child.kill();
  }
}

const program = new Command("ab-batches")
  .description("The batch rows' batches sent to two builds' servers in turn: processor time per batch as paired differences")
  .requiredOption("--a <root>", "build A's repository root (its bench built)")
  .requiredOption("--a-db <file>", "build A's database: the benchmark's tenant (walk-operations.js --generate), at A's schema")
  .requiredOption("--a-key <key>", "an API key of the tenant in A's database")
  .requiredOption("--b <root>", "build B's repository root")
  .requiredOption("--b-db <file>", "build B's database (a copy of A's, migrated by B, or the same file when the schemas agree)")
  .requiredOption("--b-key <key>", "an API key of the tenant in B's database")
  .option("--scale <scale>", "the tenant's scale (S, M or L)", "M")
  .option("--batches <n>", "batches of 100 targets per endpoint (the M and L rows send 10, S 5)", (value) => Number(value), 10)
  .option("--rounds <n>", "rounds of every batch asked again", (value) => Number(value), 8)
  .option("--first <side>", "the build whose server starts first (a or b)", "a")
  .option("--out <file>", "write every pair as JSON")
  .action(async (options: { a: string; aDb: string; aKey: string; b: string; bDb: string; bKey: string; scale: string; batches: number; rounds: number; first: string; out?: string }) => {
    const scale = SCALES[options.scale as Scale["name"]];
    if (!scale) throw new Error(`--scale: no scale ${options.scale} (S, M or L)`);
    if (options.first !== "a" && options.first !== "b") throw new Error(`--first: a or b, not ${options.first}`);
    // A server given a path with no file would create an empty database there and answer every batch 401.
    for (const [option, path] of [["--a-db", options.aDb], ["--b-db", options.bDb]]) {
      if (!existsSync(path!)) throw new Error(`${option}: no file ${path} (generate the tenant first: walk-operations.js --generate)`);
    }
    const builds = { a: { root: options.a, database: options.aDb, key: options.aKey }, b: { root: options.b, database: options.bDb, key: options.bKey } };
    const records = await run(builds, scale, options.batches, options.rounds, options.first);
    if (options.out) writeFileSync(options.out, `${JSON.stringify({ builds, scale: scale.name, first: options.first, records }, null, 1)}\n`);
    process.stdout.write(abTable(records));
  });

await program.parseAsync(process.argv);
