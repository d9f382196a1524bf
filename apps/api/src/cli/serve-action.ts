/**
 * @module
 * What `rapport serve` does once its options are read (in serve-command.ts): seeds the demo tenant when asked,
 * starts the server, prints where it listens (and the demo keys), and stops cleanly on SIGTERM, SIGINT or SIGHUP.
 */
import { createSqliteStore, pendingMigrations, type MigrationObserver } from "@rapport/store";
import type { Command } from "commander";
import { createServices } from "../create-services.js";
import type { AppServices } from "../services.js";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { issueDemoKeys, seedDemoTenant, type DemoKeys } from "../demo/seed-demo-tenant.js";
import { demoLines } from "./demo-lines.js";
import { removeAbandonedUploadFolders, UPLOADS_FOLDER } from "../imports/process-upload-folders.js";
import { connectionTimeoutsFromEnvironment } from "../platform/environment/connection-timeouts-from-environment.js";
import { mcpAllowedOriginsFromEnvironment } from "../platform/environment/mcp-allowed-origins-from-environment.js";
import { switchVariable } from "../platform/environment/switch-variable.js";
import { unknownSettings } from "../platform/environment/unknown-settings.js";
import { warmGraphsFromEnvironment } from "../platform/environment/warm-graphs-from-environment.js";
import { sqliteSynchronousFromEnvironment } from "../platform/environment/sqlite-synchronous-from-environment.js";
import { logCrashes } from "../platform/logging/log-crashes.js";
import { createLogger, writeOutLogs } from "../platform/logging/logger.js";
import { startServer, type RunningServer } from "../server.js";
import { RAPPORT_COMMIT, RAPPORT_VERSION } from "../version.js";
import { CliError, printResult } from "./cli-output.js";
import { watchDatabaseFile, type DatabaseFileWatch } from "./database-file-watch.js";
import { databaseCreation } from "./database-creation.js";
import { databaseModeAdvice, databaseModeOpenToOthers } from "./database-file-mode.js";
import { openingDatabase, resolveDatabasePath } from "./database-path.js";
import { startExpiredRecordsPruning } from "./expired-records-pruning.js";
import { logMigrations } from "./migration-log.js";
import { keepRunningWhenOutputReaderGoes } from "./output-reader-gone.js";
import { STOPPING_SIGNALS } from "./stopping-signals.js";

export interface ServeOptions {
  port: number;
  host: string;
  demo?: boolean;
  publicUrl?: string;
  trustProxy?: boolean;
  warmGraphs: boolean;
}

/**
 * The public origin from `--public-url`, else RAPPORT_PUBLIC_URL; a refusal names the one that was given, so an
 * operator who set the variable in a service's environment is not sent looking for an option they never passed.
 */
function publicUrlOf(option: string | undefined, environment: NodeJS.ProcessEnv): string | undefined {
  const given = option !== undefined ? { value: option, name: "--public-url" } : environment.RAPPORT_PUBLIC_URL ? { value: environment.RAPPORT_PUBLIC_URL, name: "RAPPORT_PUBLIC_URL" } : null;
  if (given === null) return undefined;
  const { value, name } = given;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CliError(`${name} ${value} is not a URL; give e.g. https://rapport.example.com`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new CliError(`${name} must be http(s), got ${url.protocol}`);
  // Not quoted: the value holds a password. An origin has none (it was dropped silently without a path).
  if (url.username !== "" || url.password !== "") {
    throw new CliError(`${name} must not hold a user name or password: give the bare origin clients reach, e.g. https://rapport.example.com`);
  }
  if (url.pathname !== "/" || url.search || url.hash) throw new CliError(`${name} must be an origin without a path, e.g. https://rapport.example.com; got ${value}`);
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
 * Refuses `--demo` on a database with tenants of its own: `npx pnpm start` (the README's first command) is
 * `serve --demo`, and run on a production database (RAPPORT_DB exported in the operator's shell) it added the
 * fictional demo tenant beside the real ones, with working keys printed on the terminal. `environment` tells a run
 * of the start script (`npm_lifecycle_event`), whose refusal names `rapport serve` rather than an option not typed.
 * It is the first to open the store, so `onMigration` hears of an upgrade's migrations.
 */
async function refuseDemoBesideOwnTenants(databasePath: string, environment: NodeJS.ProcessEnv, onMigration: MigrationObserver | undefined): Promise<void> {
  const store = await createSqliteStore({ path: databasePath, synchronous: sqliteSynchronousFromEnvironment(environment), ...(onMigration ? { onMigration } : {}) });
  try {
    const own = (await store.tenants.list()).filter((tenant) => tenant.uuid !== DEMO_TENANT_UUID);
    if (own.length > 0) {
      const tenants = `${own.length} tenant${own.length === 1 ? "" : "s"} of its own`;
      // Run by the package's start script, the reader typed no --demo to leave out: name the command that serves
      // their tenants instead (after `tenants create` on the default database, as the README's fresh tenant does).
      if (environment.npm_lifecycle_event === "start") {
        throw new CliError(
          `npx pnpm start serves the demo: it would add the demo tenant and its keys to ${databasePath}, which has ${tenants}; ` +
            "serve your tenants with npx --yes pnpm@10.34.9 rapport serve (it takes the same options, --port too), " +
            "or try the demo on another database (npx --yes pnpm@10.34.9 start --db ./data/demo.db)",
        );
      }
      throw new CliError(
        `--demo would add the demo tenant and its keys to ${databasePath}, which has ${tenants}; ` +
          "serve it without --demo, or try the demo on another database (--db ./data/demo.db)",
      );
    }
  } finally {
    await store.close();
  }
}

/** Runs `rapport serve` with its parsed options; the process keeps running until a signal stops the server. */
export async function runServer(options: ServeOptions, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  keepRunningWhenOutputReaderGoes();
  const databasePath = resolveDatabasePath(global.db);
  const publicUrl = publicUrlOf(options.publicUrl, process.env);
  const warmGraphs = options.warmGraphs && warmGraphsFromEnvironment(process.env);
  const trustProxy = options.trustProxy === true || switchVariable(process.env, "RAPPORT_TRUST_PROXY", false);
  const connectionTimeouts = connectionTimeoutsFromEnvironment(process.env);
  const mcpAllowedOrigins = mcpAllowedOriginsFromEnvironment(process.env);
  // With --json, stdout carries only the JSON document, so a script can parse it; the logs go to stderr.
  const logger = createLogger({}, global.json ? "stderr" : "stdout");
  // A misspelt setting is otherwise ignored without a word, and the server runs with the default it meant to change.
  for (const { variable, meant } of unknownSettings(process.env)) logger.warn({ variable, meant }, "unknown RAPPORT_ variable ignored");
  // The first start of a fresh install creates the database; on any other, a new database means a mistyped path
  // (or RAPPORT_DB missing from a service's environment), which the log says at once.
  const creation = databaseCreation(databasePath);
  // An upgrade's migrations run as the store first opens, before the server listens: the log says what is being
  // waited for, each migration's start and end (and progress of a long one), and how long it took.
  const pending = await openingDatabase(databasePath, () => pendingMigrations(databasePath));
  if (pending.length > 0) logger.info({ database: databasePath, pending }, "migrating the database");
  // An upgrade's migrations only: a new database (none pending, as nothing is there yet) would print two lines for each
  // of them before the demo's keys, on the README's first command.
  const onMigration = pending.length > 0 ? logMigrations(logger) : undefined;
  const opening = performance.now();
  let services: AppServices;
  try {
    if (options.demo) {
      await openingDatabase(databasePath, async () => {
        creation.createIfMissing();
        await refuseDemoBesideOwnTenants(databasePath, process.env, onMigration);
        return seedDemoTenant(databasePath, Date.now, { synchronous: sqliteSynchronousFromEnvironment(process.env) });
      });
    }
    services = await openingDatabase(databasePath, () => {
      creation.createIfMissing();
      return createServices({ databasePath, logger, ...(onMigration ? { onMigration } : {}) });
    });
  } catch (error) {
    // What the creation made goes, as every creating command's does (database-creation.ts).
    creation.undo();
    throw error;
  }
  const created = creation.created;
  if (pending.length > 0) services.logger.info({ applied: pending.length, durationMs: Math.round(performance.now() - opening) }, "migrated the database");
  // --demo is never a production start (it refuses a database with tenants of its own), and its first start, the
  // README's first command, creating the file is what is meant: no warning, and the file is not empty.
  if (created && options.demo) services.logger.info({ database: databasePath }, "no database was at this path: created a new one for the demo tenant");
  else if (created) services.logger.warn({ database: databasePath }, "no database was at this path: created a new, empty one");
  // An upgrade keeps the mode an earlier release's file was made with: said at each start until it is owner-only.
  const modeOpenToOthers = databaseModeOpenToOthers(databasePath);
  if (modeOpenToOthers !== null) services.logger.warn({ database: databasePath, mode: modeOpenToOthers }, databaseModeAdvice(databasePath, modeOpenToOthers));
  logCrashes(logger);
  // What a crashed server (SIGKILL, out of memory) was receiving or importing; a running server's uploads stay.
  const abandoned = await removeAbandonedUploadFolders(UPLOADS_FOLDER);
  if (abandoned.length > 0) services.logger.info({ folders: abandoned }, "removed the uploads left by stopped servers");
  // SIGTERM, SIGINT, SIGHUP (see stopping-signals.ts; a hangup would otherwise end the process at once, cutting the
  // requests in flight and leaving the WAL unchecked-pointed) are caught from just before the server listens: a
  // service manager's stop that comes while it starts listening, writes the demo keys or prints the start is held
  // until the server runs, then drains it, where it killed the process mid-write.
  let running: RunningServer | null = null;
  let stopPruning: () => Promise<void> = async () => undefined;
  let fileWatch: DatabaseFileWatch | null = null;
  let signalled = false;
  let heldSignal: string | null = null;
  const shutdown = (signal: string) => {
    if (running === null) {
      heldSignal ??= signal;
      return;
    }
    const server = running;
    if (signalled) {
      // Another signal during the drain (Ctrl-C again): stop waiting for the requests in flight.
      services.logger.warn({ signal }, "shutting down now: cutting the requests still in flight");
      void server.close(0);
      return;
    }
    signalled = true;
    const stopping = performance.now();
    services.logger.info({ signal }, "shutting down: finishing in-flight requests");
    stopPruning()
      .then(() => server.close())
      .then(
        () => {
          // The last line of a clean stop: whoever reads the logs knows the database was closed, not cut off.
          services.logger.info({ durationMs: Math.round(performance.now() - stopping) }, "stopped: database closed");
          return writeOutLogs(logger).then(() => process.exit(0));
        },
        (error: unknown) => {
          services.logger.error({ err: error }, "stopping failed");
          return writeOutLogs(logger).then(() => process.exit(1));
        },
      );
  };
  const onSignal = (signal: NodeJS.Signals) => shutdown(signal);
  for (const signal of STOPPING_SIGNALS) process.on(signal, onSignal);
  try {
    running = await startServer(services, { port: options.port, host: options.host, publicUrl, mcpAllowedOrigins, trustProxy, warmGraphs, connectionTimeouts, databaseLost: () => fileWatch?.lost() ?? false });
  } catch (error) {
    for (const signal of STOPPING_SIGNALS) process.off(signal, onSignal);
    await services.store.close();
    // A first start that cannot listen (the port in use) leaves no database either: the next start, on another port,
    // would otherwise not say it made one, and every other command would take the file for the install's database.
    creation.undo();
    throw listenFailure(error, options.port, options.host);
  }
  const url = running.url;
  // In the logs too, for whoever reads them rather than the terminal: which release and build serve which file, where.
  services.logger.info({ url, database: databasePath, version: RAPPORT_VERSION, commit: RAPPORT_COMMIT, pid: process.pid }, "listening");
  const stopPruningRecords = startExpiredRecordsPruning(services.store, services.logger);
  fileWatch = await watchDatabaseFile(databasePath, services.logger);
  stopPruning = () => {
    fileWatch?.stop();
    return stopPruningRecords();
  };
  if (heldSignal !== null) {
    shutdown(heldSignal);
    return;
  }
  // Only once the server listens: a start that fails leaves the demo's keys as they were.
  let demoKeys: DemoKeys | null = null;
  try {
    demoKeys = options.demo ? await issueDemoKeys(services.store) : null;
  } catch (error) {
    // Stopped meanwhile: the store closed under the keys' write; the drain ends the process.
    if (signalled) return;
    throw error;
  }
  if (signalled) return;
  printResult(
    global,
    { url, database: databasePath, demo: demoKeys ? { tenant_uuid: DEMO_TENANT_UUID, ...demoKeys } : null },
    () => [
      `Rapport is listening on ${url} (database ${databasePath})`,
      `  API reference: ${publicUrl ?? url}/docs    MCP server: ${publicUrl ?? url}/mcp`,
      ...(demoKeys ? demoLines(url, demoKeys) : []),
    ],
  );
}
