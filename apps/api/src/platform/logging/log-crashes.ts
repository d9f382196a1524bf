/**
 * @module
 * A crash of the server, in its log. Node prints an uncaught exception (an unhandled rejection included) as a plain
 * stack on stderr: away from the logs on stdout, and under `rapport --json serve` a multi-line text among the JSON
 * lines of stderr. Here it is one JSON line at level `fatal` before the process exits with 1.
 */
import type { Logger } from "./logger.js";

/**
 * Logs an uncaught exception or unhandled rejection at level `fatal` (`err` with its stack, `origin`), then exits
 * with 1 (Node's own code for it); the database is not closed, as nothing is known of the state the error left.
 *
 * @example
 * logCrashes(services.logger);
 */
export function logCrashes(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on("uncaughtException", (error, origin) => {
    logger.fatal({ err: error, origin }, "crashed: uncaught exception");
    exit(1);
  });
}
