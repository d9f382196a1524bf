/**
 * A server process for the HTTP throughput measurement: either Rapport on a database file, or a
 * bare node:http server answering a fixed JSON document. Prints `{"port": N}` once listening.
 * Run with RAPPORT_LOG_LEVEL=silent so request logging does not count against Rapport.
 */
import { createServer } from "node:http";
import { createServices, startServer } from "@rapport/api";

const [mode, argument] = process.argv.slice(2);
if (mode === "bare") {
  const body = argument ?? "{}";
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`);
  });
} else if (mode === "rapport" && argument) {
  const services = await createServices({ databasePath: argument });
  const running = await startServer(services, { port: 0 });
  process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
} else {
  process.stderr.write("usage: serve-for-bench bare <json> | rapport <database>\n");
  process.exit(2);
}
