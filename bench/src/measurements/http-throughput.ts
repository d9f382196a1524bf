/**
 * Measurement 6: requests per second over a real port, with full auth and rate limiting, against
 * a bare node:http server answering a JSON document of the same size; the same load generator
 * (autocannon) in the same run. A third server, one Hono route answering the same document, shows
 * the framework's share; a fourth, the bare server also sending the response headers Rapport sends
 * (the specification's rate-limit headers, the request id), what those headers alone cost. Rapport is
 * loaded twice: as configured (repeated reads served from its response cache) and with
 * `Cache-Control: no-cache` on every request (each answer computed afresh).
 * Every server runs in a child process so that the load generator does not share its event loop. This
 * machine's throughput drifts by a fifth from minute to minute, so the five loads take turns, round after
 * round (after a short warm-up load of each), each row shows every load's median round, and each ratio is
 * the median of the rounds' own ratios (see pairedRatio).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { benchScript, trackChild } from "../child-process.js";
import type { MeasurementResult } from "../measurement.js";
import { median, type Summary } from "../statistics.js";
import { benchFetch } from "../http-client.js";

export interface BenchServer {
  port: number;
  child: ChildProcess;
  /** The line the server printed once listening (its port, and what else its mode reports). */
  ready: Record<string, number>;
}

/** Writes a response body to a file of its own for the bare and Hono servers (a large body does not fit in an argument). */
export function bodyFile(body: string | Uint8Array, name = "body.json"): { path: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), "rapport-bench-body-"));
  const path = join(folder, name);
  writeFileSync(path, body);
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Headers every node:http response carries, or that the bare server sets itself: not Rapport's own. */
const HEADERS_OF_ANY_RESPONSE = new Set(["content-type", "content-length", "date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * The headers of a Rapport response beyond those the bare server sends too (`HEADERS_OF_ANY_RESPONSE`): the
 * specification's six `X-RateLimit-*`, `X-Request-Id`, and `Age` on a kept answer. Sent by the bare server
 * as they are, they give what answering with them costs a server that does nothing else.
 */
export function ownResponseHeaders(headers: Headers): Record<string, string> {
  const own: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!HEADERS_OF_ANY_RESPONSE.has(name)) own[name] = value;
  });
  return own;
}

/**
 * Starts a bench server process: `rapport <database>`, `bare <json file> [<headers json file>]`,
 * `bare-holding <database> <tenant uuid> <json file> [<headers json file>]` or `hono <json file>`.
 */
export async function startBenchServer(args: string[], nodeOptions: string[] = []): Promise<BenchServer> {
  const child = trackChild(spawn(process.execPath, [...nodeOptions, benchScript("serve-for-bench.js"), ...args], {
    env: { ...process.env, RAPPORT_LOG_LEVEL: "silent" },
    // The holding server reads the next target's files on standard input (holdingAnswersFrom).
    stdio: [args[0] === "bare-holding" ? "pipe" : "ignore", "pipe", "inherit"],
  }));
  const ready = await new Promise<Record<string, number>>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n")[0];
      if (output.includes("\n") && line) resolve(JSON.parse(line) as Record<string, number>);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { port: ready.port!, child, ready };
}

/**
 * Has a running `bare-holding` server answer the body and headers of these files from now on, its graph still held:
 * one hydration serves every target of a run. Resolves once it says it does.
 */
export async function holdingAnswersFrom(holding: BenchServer, bodyPath: string, headersPath: string): Promise<void> {
  const { stdin, stdout } = holding.child;
  if (!stdin || !stdout) throw new Error("holdingAnswersFrom: not a bare-holding server");
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const exited = (code: number | null) => reject(new Error(`bench server exited with ${code}`));
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes("\n")) return;
      stdout.off("data", read);
      holding.child.off("exit", exited);
      const answering = (JSON.parse(output.split("\n")[0]!) as { answering?: string }).answering;
      if (answering === bodyPath) resolve();
      else reject(new Error(`holding server answered ${output.trim()}`));
    };
    stdout.on("data", read);
    holding.child.once("exit", exited);
    stdin.write(`${JSON.stringify({ body: bodyPath, headers: headersPath })}\n`);
  });
}

/** Connections autocannon keeps open, each with one request in flight at a time. */
const CONNECTIONS = 10;
/** The longest a load that answered nothing is taken again for (see `load`). */
const STARVED_LOAD_MAX_SECONDS = 8;

/**
 * The mean time a request took as the client saw it, from a load's requests per second: each connection
 * sends its next request when the last one is answered, so `CONNECTIONS` requests are always in flight
 * (Little's law). Autocannon's own latencies are whole milliseconds, too coarse for a fast route.
 */
export function meanLatencyMs(summary: Summary): number {
  return (CONNECTIONS * 1000) / summary.opsPerSecond;
}

/**
 * The options `load` gives autocannon for a load of `seconds`. Autocannon stops a load at its first sample at or
 * after the duration (every second by default), so a shorter load samples as often as it lasts: at the default, a
 * load of a quarter second took a whole one, and the smoke test's 24 loads 24 s instead of 4.
 */
export function loadOptions(url: string, headers: Record<string, string>, seconds: number): autocannon.Options & { sampleInt: number } {
  return { url, headers, connections: CONNECTIONS, duration: seconds, sampleInt: Math.min(1000, seconds * 1000) };
}

/**
 * Loads `url` for `seconds` with `CONNECTIONS` connections (see `loadOptions`): its requests per second and
 * latencies. A load in which no request completed is taken again, twice as long.
 */
export async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Summary> {
  const options = loadOptions(url, headers, seconds);
  const sampleMs = options.sampleInt;
  const result = await autocannon(options);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  // A starved machine can answer nothing in a smoke run's quarter second (a first answer still computing): such a
  // load tells nothing, so it is taken again for twice as long, up to STARVED_LOAD_MAX_SECONDS.
  if (result.requests.total === 0 && seconds < STARVED_LOAD_MAX_SECONDS) return load(url, headers, seconds * 2);
  return {
    count: result.requests.total,
    medianMs: result.latency.p50,
    p95Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    // Autocannon's average is of its samples' request counts: per second at one sample a second.
    opsPerSecond: (result.requests.average * 1000) / sampleMs,
  };
}

export interface ThroughputTarget {
  id: string;
  title: string;
  path: string;
  minimumRatio: number;
  note?: string;
}

export interface ThroughputLoad {
  /** Seconds of each load. */
  seconds: number;
  /** Times each of the loads runs, in turn with the others. */
  rounds: number;
}

/** The database and tenant whose graph the holding bare server hydrates and keeps, as Rapport's server does. */
export interface HeldGraph {
  databasePath: string;
  tenantUuid: string;
}

/** The round with the median requests per second (the faster of the two middle ones for an even count). */
export function medianRound(rounds: readonly Summary[]): Summary {
  if (rounds.length === 0) throw new Error("medianRound: no rounds");
  return [...rounds].sort((left, right) => left.opsPerSecond - right.opsPerSecond)[Math.floor(rounds.length / 2)]!;
}

/** A ratio of two loads over the rounds: the median of the rounds' own ratios, and their spread. */
export interface PairedRatio {
  median: number;
  lowest: number;
  highest: number;
}

/**
 * `subject`'s requests per second over `baseline`'s, round by round (the two loads of a round ran seconds
 * apart, so the machine's drift from one round to the next cancels), then the median of those ratios (by
 * the summaries' rule, see `median`).
 */
export function pairedRatio(subject: readonly Summary[], baseline: readonly Summary[]): PairedRatio {
  if (subject.length === 0 || subject.length !== baseline.length) {
    throw new Error(`pairedRatio: ${subject.length} and ${baseline.length} rounds; needs the same number, at least one`);
  }
  const ratios = subject.map((round, index) => round.opsPerSecond / baseline[index]!.opsPerSecond);
  return { median: median(ratios), lowest: Math.min(...ratios), highest: Math.max(...ratios) };
}

/**
 * The unrecorded load each server takes before the rounds, as a share of a round's load: a server's first
 * seconds run code not yet optimized.
 */
const WARM_UP_SHARE = 0.2;

/**
 * Loads `rapport` (a running Rapport server) and a bare server answering the same body, one target at a time;
 * beside them the bare server with Rapport's headers, the same holding `held`'s graph, and Hono alone.
 */
export async function measureHttpThroughput(
  rapport: BenchServer,
  apiKey: string,
  targets: readonly ThroughputTarget[],
  { seconds, rounds }: ThroughputLoad,
  held: HeldGraph,
): Promise<MeasurementResult[]> {
  const results: MeasurementResult[] = [];
  // Started for the first target and given each next one's files: its hydration is the costly start.
  let holdingServer: BenchServer | undefined;
  try {
    for (const target of targets) {
      const url = `http://127.0.0.1:${rapport.port}${target.path}`;
      const sample = await benchFetch(url, { headers: { "x-api-key": apiKey } });
      if (sample.status !== 200) throw new Error(`${target.path} answered ${sample.status}`);
      const body = await sample.text();
      const bodyPath = bodyFile(body);
      // Asked again, the answer comes as the loads get it: kept, with its `Age`.
      const again = await benchFetch(url, { headers: { "x-api-key": apiKey } });
      await again.arrayBuffer();
      const ownHeaders = ownResponseHeaders(again.headers);
      const headersPath = bodyFile(JSON.stringify(ownHeaders), "headers.json");
      const bare = await startBenchServer(["bare", bodyPath.path]);
      const bareWithHeaders = await startBenchServer(["bare", bodyPath.path, headersPath.path]);
      const framework = await startBenchServer(["hono", bodyPath.path]);
      if (holdingServer) await holdingAnswersFrom(holdingServer, bodyPath.path, headersPath.path);
      else holdingServer = await startBenchServer(["bare-holding", held.databasePath, held.tenantUuid, bodyPath.path, headersPath.path], ["--max-old-space-size=8192"]);
      const holding = holdingServer;
      try {
        const loads = {
          subject: (duration = seconds) => load(url, { "x-api-key": apiKey }, duration),
          // The same requests asking for a fresh answer each time: what a first read of a target costs.
          uncached: (duration = seconds) => load(url, { "x-api-key": apiKey, "cache-control": "no-cache" }, duration),
          baseline: (duration = seconds) => load(`http://127.0.0.1:${bare.port}/`, {}, duration),
          bareWithHeaders: (duration = seconds) => load(`http://127.0.0.1:${bareWithHeaders.port}/`, {}, duration),
          bareHoldingGraph: (duration = seconds) => load(`http://127.0.0.1:${holding.port}/`, {}, duration),
          frameworkOnly: (duration = seconds) => load(`http://127.0.0.1:${framework.port}${target.path}`, {}, duration),
        };
        const names = Object.keys(loads) as Array<keyof typeof loads>;
        const measured: Record<keyof typeof loads, Summary[]> = { subject: [], uncached: [], baseline: [], bareWithHeaders: [], bareHoldingGraph: [], frameworkOnly: [] };
        for (const name of names) await loads[name](seconds * WARM_UP_SHARE);
        for (let round = 0; round < rounds; round += 1) {
          for (const name of names) measured[name].push(await loads[name]());
        }
        const subject = medianRound(measured.subject);
        const uncached = medianRound(measured.uncached);
        const baseline = medianRound(measured.baseline);
        const frameworkOnly = medianRound(measured.frameworkOnly);
        const vsBare = pairedRatio(measured.subject, measured.baseline);
        const speedRatio = vsBare.median;
        results.push({
          id: target.id,
          title: target.title,
          subject: { label: "Rapport over a real port (auth, rate limits, validation, response cache)", summary: subject },
          baseline: { label: `bare node:http, same ${body.length}-byte JSON`, summary: baseline },
          speedRatio,
          targets: [{ description: `>= ${target.minimumRatio}x bare node:http requests/s`, met: speedRatio >= target.minimumRatio }],
          figures: {
            responseBytes: body.length,
            lowestRoundVsBare: vsBare.lowest,
            highestRoundVsBare: vsBare.highest,
            ownHeaders: Object.keys(ownHeaders).length,
            bareWithHeadersRequestsPerSecond: medianRound(measured.bareWithHeaders).opsPerSecond,
            bareWithHeadersVsBare: pairedRatio(measured.bareWithHeaders, measured.baseline).median,
            rapportVsBareWithHeaders: pairedRatio(measured.subject, measured.bareWithHeaders).median,
            heldGraphPersons: holding.ready.graphPersons ?? 0,
            heldHeapUsedMiB: holding.ready.heapUsedMiB ?? 0,
            bareHoldingGraphRequestsPerSecond: medianRound(measured.bareHoldingGraph).opsPerSecond,
            bareHoldingGraphVsBareWithHeaders: pairedRatio(measured.bareHoldingGraph, measured.bareWithHeaders).median,
            rapportVsBareHoldingGraph: pairedRatio(measured.subject, measured.bareHoldingGraph).median,
            honoOnlyRequestsPerSecond: frameworkOnly.opsPerSecond,
            honoOnlyVsBare: pairedRatio(measured.frameworkOnly, measured.baseline).median,
            rapportVsHonoOnly: pairedRatio(measured.subject, measured.frameworkOnly).median,
            uncachedRequestsPerSecond: uncached.opsPerSecond,
            uncachedVsBare: pairedRatio(measured.uncached, measured.baseline).median,
            meanLatencyMs: meanLatencyMs(subject),
            uncachedMeanLatencyMs: meanLatencyMs(uncached),
            bareMeanLatencyMs: meanLatencyMs(baseline),
          },
          notes: [
            `autocannon, ${CONNECTIONS} connections, ${seconds} s a load; p95 column shows p97.5`,
            `the latency columns are autocannon's, in whole milliseconds; meanLatencyMs (Rapport), uncachedMeanLatencyMs and bareMeanLatencyMs are each load's mean time a request took as the client saw it: ${CONNECTIONS} connections over its requests per second`,
            `${rounds} round(s) after a ${seconds * WARM_UP_SHARE} s warm-up load of each: Rapport, Rapport uncached, bare, bare with Rapport's headers, the same holding the tenant's graph and Hono alone loaded in turn each round; requests per second and latencies are that load's median round; every ratio (the speed column too) is the median of the rounds' own ratios, lowest/highestRoundVsBare their spread`,
            "honoOnly: the same JSON from one Hono route on @hono/node-server (Rapport's framework, nothing of Rapport), same client and run",
            `bareWithHeaders: the bare server also sending, as they are, the ${Object.keys(ownHeaders).length} headers of Rapport's answer beyond its content type and length (${Object.keys(ownHeaders).join(", ")}): what answering with them costs a server that does nothing else, the client's parsing of them included; the specification requires the rate limits' and the request id on every response`,
            `bareHoldingGraph: the bare server with those headers, in a process that first opens the database and hydrates the tenant's graph (${holding.ready.graphPersons ?? 0} persons, ${holding.ready.heapUsedMiB ?? 0} MiB of heap used once it listens) and keeps both, as Rapport's server holds them: what that heap costs a server that does nothing else (bareHoldingGraphVsBareWithHeaders), and Rapport against it (rapportVsBareHoldingGraph)`,
            "Rapport keeps a repeated read's answer while the tenant's data holds still, for at most 10 s (docs/decisions/0008): the row is that default; uncached: every request sends Cache-Control: no-cache, so each is ranked, presented and serialized afresh",
            ...(target.note ? [target.note] : []),
          ],
        });
      } finally {
        bare.child.kill();
        bareWithHeaders.child.kill();
        framework.child.kill();
        bodyPath.remove();
        headersPath.remove();
      }
    }
  } finally {
    holdingServer?.child.kill();
  }
  return results;
}
