/**
 * A server process for the HTTP throughput measurement: Rapport on a database file; a bare node:http
 * server answering a fixed JSON document (read from a file), with, when a second file names them, fixed
 * response headers besides its content type and length; the same bare server in a process that first opens
 * a database and hydrates one tenant's graph, and keeps both, as Rapport's server holds them (what a heap of
 * that size costs a server that does nothing else); or that document from one Hono route on
 * @hono/node-server, Rapport's framework and adapter with nothing of Rapport (the framework's share).
 * Prints `{"port": N}` once listening (the holding server adds `graphPersons` and `heapUsedMiB`; it then takes another
 * body and headers file as a JSON line on standard input, see `holdingAnswersFrom`). Run with
 * RAPPORT_LOG_LEVEL=silent so request logging does not count against Rapport.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { HELD_AS_BYTES_PATH } from "./bare-server-paths.js";

// Each mode imports what it needs and no more: Rapport's modules (and the store's) took a bare server's start from
// 60 ms to 850 ms of processor time, and a smoke run starts ten such servers.
const rapportApi = () => import("@rapport/api");
const benchNow = async () => (await import("./generate-tenant.js")).BENCH_NOW;

const [mode, argument, headersArgument, ...rest] = process.argv.slice(2);
// A normal exit on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on("SIGTERM", () => process.exit(0));

/** What the holding server keeps reachable for as long as it runs. */
const held: unknown[] = [];

/**
 * The bare server: the body (from a file: a large JSON document does not fit in an argument) and, from a second
 * file, fixed headers. It sends the body as a string, as a server that serializes per request would; at
 * `HELD_AS_BYTES_PATH` it sends the same body from bytes encoded once at start (Node's HTTP writes a string of
 * megabytes several milliseconds slower than the same bytes).
 */
function serveBare(bodyPath: string | undefined, headersPath: string | undefined, started: Record<string, number> = {}): (bodyPath: string, headersPath: string | undefined) => void {
  let body = "{}";
  let bodyBytes = Buffer.from(body);
  let fixedHeaders: Record<string, string> | undefined;
  let fixedNames: string[] = [];
  /** From now on, answers the body and headers of these files. */
  const answerFrom = (nextBodyPath: string | undefined, nextHeadersPath: string | undefined) => {
    body = nextBodyPath ? readFileSync(nextBodyPath, "utf8") : "{}";
    bodyBytes = Buffer.from(body);
    fixedHeaders = nextHeadersPath ? (JSON.parse(readFileSync(nextHeadersPath, "utf8")) as Record<string, string>) : undefined;
    fixedNames = fixedHeaders ? Object.keys(fixedHeaders) : [];
  };
  answerFrom(bodyPath, headersPath);
  const server = createServer((request, response) => {
    if (request.url === HELD_AS_BYTES_PATH) {
      response.writeHead(200, { "content-type": "application/json", "content-length": bodyBytes.byteLength });
      response.end(bodyBytes);
    } else if (fixedHeaders === undefined) {
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      response.end(body);
    } else {
      // Built per request, as a server would, but never by spreading: an object spread into a literal cost this
      // server 12 to 15% of its requests per second on the benchmark's machine (why was not established).
      const headers: Record<string, string | number> = {};
      for (const name of fixedNames) headers[name] = fixedHeaders![name]!;
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(body);
      response.writeHead(200, headers);
      response.end(body);
    }
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0, ...started })}\n`);
  });
  return answerFrom;
}

if (mode === "bare") {
  serveBare(argument, headersArgument);
} else if (mode === "bare-holding" && argument && headersArgument && rest[0]) {
  const { collectGarbageNow, createManualClock, createServices, turnOffAllocationSitePretenuring } = await rapportApi();
  // As `startServer` does: pretenuring off before the graph is built, its garbage collected once it is.
  turnOffAllocationSitePretenuring();
  const services = await createServices({ databasePath: argument, clock: createManualClock(await benchNow()) });
  const graph = await services.store.graphs.forTenant(headersArgument);
  held.push(services, graph);
  collectGarbageNow();
  const answerFrom = serveBare(rest[0], rest[1], { graphPersons: graph.personCount, heapUsedMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) });
  // Another target's body and headers files, a JSON line on standard input ({"body", "headers"}), answered from then
  // on, the graph still held: one hydration serves every target of a run (at L each took about a minute).
  createInterface({ input: process.stdin }).on("line", (line) => {
    const next = JSON.parse(line) as { body: string; headers?: string };
    answerFrom(next.body, next.headers);
    process.stdout.write(`${JSON.stringify({ answering: next.body })}\n`);
  });
} else if (mode === "hono") {
  const [{ serve }, { Hono }] = await Promise.all([import("@hono/node-server"), import("hono")]);
  const body = argument ? readFileSync(argument, "utf8") : "{}";
  const app = new Hono();
  // A JSON string built per request, as a handler's c.json() would; the route has Rapport's path shape.
  const document: unknown = JSON.parse(body);
  app.get("/v1/persons/:uuid/*", (context) => context.json(document));
  app.get("/v1/persons/:uuid", (context) => context.json(document));
  serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
    process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
  });
} else if (mode === "rapport" && argument) {
  // The benchmark's present, as in the in-process measurements (the tenant's limits are far above the load).
  // Warmed as `rapport serve` warms: the graph hydrated, the name indexes caught up, every company ranked once;
  // `GET /ready` answers 200 once done.
  const { createManualClock, createServices, startServer } = await rapportApi();
  const services = await createServices({ databasePath: argument, clock: createManualClock(await benchNow()) });
  const running = await startServer(services, { port: 0, warmGraphs: true });
  process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
} else {
  process.stderr.write(
    "usage: serve-for-bench bare <json file> [<headers json file>] | bare-holding <database> <tenant uuid> <json file> [<headers json file>] | hono <json file> | rapport <database>\n",
  );
  process.exit(2);
}
