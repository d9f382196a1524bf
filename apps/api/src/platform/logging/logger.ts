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

/**
 * Makes `destination` drop what it is given once its terminal or its reader is gone (pino does so itself for EPIPE, a
 * closed pipe).
 * Else the write error ends the process as an uncaught exception, and the flush at exit retries the unwritten lines
 * forever: a server whose terminal hung up would never close its database.
 */
function discardOnceTerminalGone(destination: ReturnType<typeof pino.destination>): void {
  destination.on("error", (error: NodeJS.ErrnoException) => {
    // A reader gone (a closed pipe's EPIPE, which pino also handles but which reaches this listener too, or a socket's
    // ECONNRESET: a service manager's log socket, a spawning process): the server keeps serving without its logs.
    if (!terminalGone(error) && error.code !== "EPIPE" && error.code !== "ECONNRESET") throw error;
    destination.write = () => true;
    destination.flush = () => undefined;
    destination.flushSync = () => undefined;
    destination.end = () => undefined;
  });
}

/** A JSON logger on `output` (stdout by default); `level: "silent"` for tests. */
export function createLogger(options: LoggerOptions = {}, output: LogOutput = "stdout"): Logger {
  // Asynchronous, as pino's own default for stdout: pino flushes it when the process exits.
  const destination = pino.destination({ dest: output === "stderr" ? 2 : 1, sync: false });
  discardOnceTerminalGone(destination);
  return pino({ level: options.level ?? logLevelFromEnvironment(process.env), base: { service: "rapport" }, ...options }, destination);
}
