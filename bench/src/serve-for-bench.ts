/**
 * A server process for the HTTP throughput measurement: either Rapport on a database file, or a
 * bare node:http server answering a fixed JSON document (read from a file). Prints `{"port": N}` once listening.
 * Run with RAPPORT_LOG_LEVEL=silent so request logging does not count against Rapport.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createManualClock, createServices, startServer } from "@rapport/api";
import { BENCH_NOW } from "./generate-tenant.js";

const [mode, argument] = process.argv.slice(2);
// A normal exit on SIGTERM, so that `node --cpu-prof` writes its profile.
process.on("SIGTERM", () => process.exit(0));
if (mode === "bare") {
  // The body comes in a file: a large JSON document does not fit in an argument.
  const body = argument ? readFileSync(argument, "utf8") : "{}";
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`);
  });
} else if (mode === "rapport" && argument) {
  // The benchmark's present, as in the in-process measurements (the tenant's limits are far above the load).
  const services = await createServices({ databasePath: argument, clock: createManualClock(BENCH_NOW) });
  const running = await startServer(services, { port: 0 });
  process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
} else {
  process.stderr.write("usage: serve-for-bench bare <json file> | rapport <database>\n");
  process.exit(2);
}
