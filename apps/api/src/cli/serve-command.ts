/** `rapport serve`: the HTTP server on a database file, optionally with the demo tenant and keys. */
import { Command, InvalidArgumentError } from "commander";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import type { DemoKeys } from "../demo/seed-demo-tenant.js";
import { switchVariable } from "../platform/environment/switch-variable.js";
import { warmGraphsFromEnvironment } from "../platform/environment/warm-graphs-from-environment.js";
import { CliError, printResult } from "./cli-output.js";
import { openingDatabase, resolveDatabasePath } from "./database-path.js";

function port(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed > 65_535) throw new InvalidArgumentError("must be a port number (0-65535)");
  return parsed;
}

function demoLines(url: string, keys: DemoKeys): string[] {
  const [avery, morgan] = keys.user_keys;
  return [
    "",
    `Demo tenant "Demo Capital" (${DEMO_TENANT_UUID}). Fresh demo keys, valid until the next start with --demo:`,
    `  tenant-wide key:          ${keys.tenant_key}`,
    ...(avery ? [`  ${avery.user_name} (administrator): ${avery.key}`] : []),
    ...(morgan ? [`  ${morgan.user_name} (member):     ${morgan.key}`] : []),
    "",
    "Try:",
    `  export RAPPORT_KEY=${keys.tenant_key}`,
    `  curl -s -H "x-api-key: $RAPPORT_KEY" ${url}/v1/persons`,
    `  curl -s -H "x-api-key: $RAPPORT_KEY" "${url}/v1/companies?name=robotics"`,
    `  curl -s -H "x-api-key: $RAPPORT_KEY" ${url}/v1/users`,
  ];
}

function publicUrlOption(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`--public-url ${value} is not a URL; give e.g. https://rapport.example.com`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new CliError(`--public-url must be http(s), got ${url.protocol}`);
  if (url.pathname !== "/" || url.search || url.hash) throw new CliError("--public-url must be an origin without a path, e.g. https://rapport.example.com");
  return url.origin;
}

/** Why the server could not listen on `port` at `host`, in one line naming the option to change. */
function listenFailure(error: unknown, port: number, host: string): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case "EADDRINUSE":
      return new CliError(`port ${port} on ${host} is already in use; pick another with --port`);
    case "EACCES":
      return new CliError(`no permission to listen on port ${port}: ports below 1024 need privileges; pick another with --port`);
    case "EADDRNOTAVAIL":
      return new CliError(`--host ${host} is not an address of this machine; use 127.0.0.1, 0.0.0.0 or one of its own addresses`);
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new CliError(`--host ${host} does not resolve to an address`);
    default:
      return error;
  }
}

/**
 * What serving needs (the app, its services, the demo seed, the logger), loaded only when a command serves: the
 * other commands start in about half the time without them.
 */
async function serverModules() {
  const [{ createServices }, { issueDemoKeys, seedDemoTenant }, { createLogger }, { startServer }] = await Promise.all([
    import("../create-services.js"),
    import("../demo/seed-demo-tenant.js"),
    import("../platform/logging/logger.js"),
    import("../server.js"),
  ]);
  return { createServices, issueDemoKeys, seedDemoTenant, createLogger, startServer };
}

export function serveCommand(): Command {
  return new Command("serve")
    .description("start the HTTP API")
    .option("--port <port>", "port to listen on", port, 8787)
    .option("--host <host>", "interface to bind", "127.0.0.1")
    .option("--demo", "seed the demo tenant if missing and print fresh demo API keys")
    .option("--public-url <url>", "the URL clients reach this server at (OAuth issuer, MCP resource); env RAPPORT_PUBLIC_URL", process.env.RAPPORT_PUBLIC_URL)
    .option("--trust-proxy", "trust X-Forwarded-Proto/-For from a TLS-terminating proxy; env RAPPORT_TRUST_PROXY=1")
    .option(
      "--no-warm-graphs",
      "do not hydrate the tenants' relationship graphs in the background at start (each then loads on its first relationship request); env RAPPORT_WARM_GRAPHS=0",
    )
    .action(async (options: { port: number; host: string; demo?: boolean; publicUrl?: string; trustProxy?: boolean; warmGraphs: boolean }, command: Command) => {
      const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
      const databasePath = resolveDatabasePath(global.db);
      const publicUrl = options.publicUrl ? publicUrlOption(options.publicUrl) : undefined;
      const warmGraphs = options.warmGraphs && warmGraphsFromEnvironment(process.env);
      const trustProxy = options.trustProxy === true || switchVariable(process.env, "RAPPORT_TRUST_PROXY", false);
      const { createLogger, createServices, issueDemoKeys, seedDemoTenant, startServer } = await serverModules();
      if (options.demo) await openingDatabase(databasePath, () => seedDemoTenant(databasePath));
      // With --json, stdout carries only the JSON document, so a script can parse it; the logs go to stderr.
      const logger = createLogger({}, global.json ? "stderr" : "stdout");
      const services = await openingDatabase(databasePath, () => createServices({ databasePath, logger }));
      let server;
      try {
        server = await startServer(services, { port: options.port, host: options.host, publicUrl, trustProxy, warmGraphs });
      } catch (error) {
        await services.store.close();
        throw listenFailure(error, options.port, options.host);
      }
      const running = server;
      // Only once the server listens: a start that fails leaves the demo's keys as they were.
      const demoKeys = options.demo ? await issueDemoKeys(services.store) : null;
      printResult(
        global,
        { url: running.url, database: databasePath, demo: demoKeys ? { tenant_uuid: DEMO_TENANT_UUID, ...demoKeys } : null },
        () => [
          `Rapport is listening on ${running.url} (database ${databasePath})`,
          `  API reference: ${publicUrl ?? running.url}/docs    MCP server: ${publicUrl ?? running.url}/mcp`,
          ...(demoKeys ? demoLines(running.url, demoKeys) : []),
        ],
      );
      const shutdown = (signal: string) => {
        services.logger.info({ signal }, "shutting down: finishing in-flight requests");
        running.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once("SIGTERM", () => shutdown("SIGTERM"));
      process.once("SIGINT", () => shutdown("SIGINT"));
    });
}

export function seedCommand(): Command {
  const seed = new Command("seed").description("load sample data");
  seed
    .command("demo")
    .description("create the deterministic demo tenant (no change when it exists)")
    .action(async (_options: object, command: Command) => {
      const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
      const { seedDemoTenant } = await import("../demo/seed-demo-tenant.js");
      const result = await seedDemoTenant(resolveDatabasePath(global.db));
      printResult(global, result, () => [
        `${result.created ? "created" : "already present:"} demo tenant ${result.tenant_uuid}`,
        ...result.users.map((user) => `  ${user.role.padEnd(13)} ${user.uuid}  ${user.name} <${user.email}>`),
        `create a key with: rapport keys create --tenant ${result.tenant_uuid}`,
      ]);
    });
  return seed;
}
