/**
 * Measurement 6: requests per second over a real port, with full auth and rate limiting, against
 * a bare node:http server answering a JSON document of the same size; the same load generator
 * (autocannon) in the same run. Both servers run in child processes so that the load generator
 * does not share their event loop.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { MeasurementResult } from "../measurement.js";
import type { Summary } from "../statistics.js";

// Beside this module once bundled (dist/), or in dist/ when run from source by the tests.
const serverScript = [new URL("./serve-for-bench.js", import.meta.url), new URL("../../dist/serve-for-bench.js", import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((path) => existsSync(path))!;

async function startChild(args: string[]): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [serverScript, ...args], {
    env: { ...process.env, RAPPORT_LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n")[0];
      if (output.includes("\n") && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port, child };
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Summary> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  return {
    count: result.requests.total,
    medianMs: result.latency.p50,
    p95Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    opsPerSecond: result.requests.average,
  };
}

export interface ThroughputTarget {
  id: string;
  title: string;
  path: string;
  minimumRatio: number;
}

export async function measureHttpThroughput(
  databasePath: string,
  apiKey: string,
  targets: readonly ThroughputTarget[],
  seconds: number,
): Promise<MeasurementResult[]> {
  const rapport = await startChild(["rapport", databasePath]);
  const results: MeasurementResult[] = [];
  try {
    for (const target of targets) {
      const url = `http://127.0.0.1:${rapport.port}${target.path}`;
      const sample = await fetch(url, { headers: { "x-api-key": apiKey } });
      if (sample.status !== 200) throw new Error(`${target.path} answered ${sample.status}`);
      const body = await sample.text();
      const bare = await startChild(["bare", body]);
      try {
        const subject = await load(url, { "x-api-key": apiKey }, seconds);
        const baseline = await load(`http://127.0.0.1:${bare.port}/`, {}, seconds);
        const speedRatio = subject.opsPerSecond / baseline.opsPerSecond;
        results.push({
          id: target.id,
          title: target.title,
          subject: { label: "Rapport over a real port (auth, rate limits, validation)", summary: subject },
          baseline: { label: `bare node:http, same ${body.length}-byte JSON`, summary: baseline },
          speedRatio,
          targets: [{ description: `>= ${target.minimumRatio}x bare node:http requests/s`, met: speedRatio >= target.minimumRatio }],
          figures: { responseBytes: body.length },
          notes: ["autocannon, 10 connections; p95 column shows p97.5"],
        });
      } finally {
        bare.child.kill();
      }
    }
  } finally {
    rapport.child.kill();
  }
  return results;
}
