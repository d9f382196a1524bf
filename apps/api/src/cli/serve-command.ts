/**
 * `rapport serve`: the HTTP server on a database file, optionally with the demo tenant and keys; `rapport seed demo`.
 * The commands' options and help; serving is loaded from serve-action.ts when it runs, with the app, its services
 * and the logger, which the other commands do without.
 */
import { Command, InvalidArgumentError } from "commander";
import { printResult } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { openingCreatedDatabase } from "./database-creation.js";
import { createdDatabaseNotice, resolveDatabasePath } from "./database-path.js";
import { sqliteSynchronousFromEnvironment } from "../platform/environment/sqlite-synchronous-from-environment.js";
import type { ServeOptions } from "./serve-action.js";
import { wholeNumberOption } from "./whole-number-option.js";

const port = wholeNumberOption(0, 65_535, "must be a port number (0-65535)");

/** An empty host would make Node listen on every interface: an unset variable in `--host "$HOST"` must not expose the API. */
function host(value: string): string {
  const trimmed = value.trim();
  if (trimmed === "") throw new InvalidArgumentError("must be an address to bind, e.g. 127.0.0.1 (0.0.0.0 for every interface), not empty");
  return trimmed;
}

export function serveCommand(): Command {
  return new Command("serve")
    .description("start the HTTP API")
    .option("--port <port>", "port to listen on", port, 8787)
    .option("--host <host>", "interface to bind", host, "127.0.0.1")
    .option("--demo", "seed the demo tenant if missing and print fresh demo API keys")
    .option("--public-url <url>", "the URL clients reach this server at (OAuth issuer, MCP resource); env RAPPORT_PUBLIC_URL")
    .option("--trust-proxy", "trust X-Forwarded-Proto/-For from a TLS-terminating proxy; env RAPPORT_TRUST_PROXY=1")
    .option(
      "--no-warm-graphs",
      "do not hydrate the tenants' relationship graphs in the background at start (each then loads on its first relationship request); env RAPPORT_WARM_GRAPHS=0",
    )
    .addHelpText(
      "after",
      "\nSettings: the RAPPORT_* environment variables (RAPPORT_LOG_LEVEL, ...) are\n" +
        "listed with their defaults in README.md, Configuration.",
    )
    .action(async (options: ServeOptions, command: Command) => (await import("./serve-action.js")).runServer(options, command));
}

export function seedCommand(): Command {
  const seed = new Command("seed").description("load sample data");
  seed
    .command("demo")
    .description("create the deterministic demo tenant (no change when it exists)")
    .action(async (_options: object, command: Command) => {
      const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
      const { seedDemoTenant } = await import("../demo/seed-demo-tenant.js");
      const path = resolveDatabasePath(global.db);
      const { opened: result, created } = await openingCreatedDatabase(path, async () =>
        seedDemoTenant(path, Date.now, { synchronous: sqliteSynchronousFromEnvironment(process.env) }),
      );
      if (created) commandStreams().stderr.write(createdDatabaseNotice(path));
      printResult(global, result, () => [
        `${result.created ? "created" : "already present:"} demo tenant ${result.tenant_uuid}`,
        ...result.users.map((user) => `  ${user.role.padEnd(13)} ${user.uuid}  ${user.name} <${user.email}>`),
        `create a key with: rapport keys create --tenant ${result.tenant_uuid}`,
      ]);
    });
  return seed;
}
