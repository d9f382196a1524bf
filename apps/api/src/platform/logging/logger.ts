/** Structured JSON logs (pino), one line per event, each request's lines carrying its request id. */
import { pino, type Logger, type LoggerOptions } from "pino";
import { ConfigurationError } from "../environment/configuration-error.js";
import { terminalGone } from "../runtime/terminal-gone.js";

export type { Logger };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The level `RAPPORT_LOG_LEVEL` names (default info); a ConfigurationError for one pino does not know. */
export function logLevelFromEnvironment(environment: NodeJS.ProcessEnv): string {
  const level = environment.RAPPORT_LOG_LEVEL?.trim().toLowerCase() || "info";
  if (!LEVELS.includes(level)) throw new ConfigurationError(`RAPPORT_LOG_LEVEL must be one of ${LEVELS.join(", ")}; got '${environment.RAPPORT_LOG_LEVEL}'`);
  return level;
}

/** Where the log lines go: stdout, unless stdout carries a document of its own (`rapport --json serve`). */
export type LogOutput = "stdout" | "stderr";

type Destination = ReturnType<typeof pino.destination>;

/** The destinations of the loggers `createLogger` made, for `writeOutLogs`. */
const destinations = new WeakMap<Logger, Destination>();

/** Destinations that drop what they are given (their reader is gone, or they were written out and closed). */
const dropping = new WeakSet<Destination>();

/** Destinations with a line taken and not yet written: an asynchronous write is under way or waits. */
const unsettled = new WeakSet<Destination>();

/** Notes when `destination` takes a line and when it has written every one it took (its `drain`). */
function trackSettling(destination: Destination): void {
  const write = destination.write.bind(destination);
  destination.write = (data: string) => {
    unsettled.add(destination);
    return write(data);
  };
  destination.on("drain", () => unsettled.delete(destination));
}

function dropFromNowOn(destination: Destination): void {
  dropping.add(destination);
  unsettled.delete(destination);
  destination.write = () => true;
  destination.flush = () => undefined;
  destination.flushSync = () => undefined;
  destination.end = () => undefined;
}

/**
 * Makes `destination` drop what it is given once its terminal or its reader is gone (pino does so itself for EPIPE, a
 * closed pipe).
 * Else the write error ends the process as an uncaught exception, and the flush at exit retries the unwritten lines
 * forever: a server whose terminal hung up would never close its database.
 */
function discardOnceTerminalGone(destination: Destination): void {
  destination.on("error", (error: NodeJS.ErrnoException) => {
    // A reader gone (a closed pipe's EPIPE, which pino also handles but which reaches this listener too, or a socket's
    // ECONNRESET: a service manager's log socket, a spawning process): the server keeps serving without its logs.
    if (!terminalGone(error) && error.code !== "EPIPE" && error.code !== "ECONNRESET") throw error;
    dropFromNowOn(destination);
  });
}

/** A JSON logger on `output` (stdout by default, or a file descriptor); `level: "silent"` for tests. */
export function createLogger(options: LoggerOptions = {}, output: LogOutput | number = "stdout"): Logger {
  // Asynchronous, as pino's own default for stdout: `writeOutLogs` (or pino's flush at exit) writes what is left.
  const destination = pino.destination({ dest: output === "stderr" ? 2 : output === "stdout" ? 1 : output, sync: false });
  discardOnceTerminalGone(destination);
  trackSettling(destination);
  const logger = pino({ level: options.level ?? logLevelFromEnvironment(process.env), base: { service: "rapport" }, ...options }, destination);
  destinations.set(logger, destination);
  return logger;
}

/**
 * Writes out every line `logger` has taken, in order, then closes its output: the step before `process.exit`. Lines
 * logged afterwards are dropped. Pino's own flush at exit writes what waits at once, past a write still under way,
 * so that a server's last line could land inside or before the one before it, or that one be lost. Gives up
 * waiting after `timeoutMilliseconds`; a logger `createLogger` did not make is left as it is.
 *
 * @example
 * logger.info("stopped: database closed");
 * await writeOutLogs(logger);
 * process.exit(0);
 */
export function writeOutLogs(logger: Logger, timeoutMilliseconds = 2_000): Promise<void> {
  const destination = destinations.get(logger);
  if (destination === undefined || dropping.has(destination)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMilliseconds);
    destination.once("close", () => {
      dropFromNowOn(destination);
      clearTimeout(timer);
      resolve();
    });
    destination.end();
  });
}

/**
 * Resolves once `logger` has written every line it took, no write left under way, or after `timeoutMilliseconds`: the
 * step before a `fatal` line, which pino writes at once (`flushSync`), past a write still under way, inside or before
 * the line that write carries. A logger `createLogger` did not make resolves at once.
 *
 * @example
 * await settleLogs(logger);
 * logger.fatal({ err: error }, "crashed: uncaught exception");
 */
export function settleLogs(logger: Logger, timeoutMilliseconds = 2_000): Promise<void> {
  const destination = destinations.get(logger);
  if (destination === undefined || !unsettled.has(destination)) return Promise.resolve();
  return new Promise((resolve) => {
    const settled = () => {
      clearTimeout(timer);
      destination.off("drain", settled);
      resolve();
    };
    const timer = setTimeout(settled, timeoutMilliseconds);
    destination.on("drain", settled);
  });
}
