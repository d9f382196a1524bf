/**
 * @module
 * A crash of the server, in its log. Node prints an uncaught exception (an unhandled rejection included) as a plain
 * stack on stderr: away from the logs on stdout, and under `rapport --json serve` a multi-line text among the JSON
 * lines of stderr. Here it is one JSON line at level `fatal` before the process exits with 1.
 */
import { settleLogs, writeOutLogs, type Logger } from "./logger.js";

/**
 * Logs `error` at level `fatal` (`err` with its stack, `origin`) once the lines before it are written, writes it out,
 * then exits with 1 (Node's own code for an uncaught exception). Pino writes a fatal line at once, past a write still
 * under way (inside or before the line that write carries), and exiting at once could cut the lines still waiting.
 *
 * @example
 * process.on("uncaughtException", (error, origin) => void reportCrash(logger, error, origin));
 */
export async function reportCrash(logger: Logger, error: unknown, origin: string, exit: (code: number) => void = (code) => process.exit(code)): Promise<void> {
  await settleLogs(logger);
  logger.fatal({ err: error, origin }, "crashed: uncaught exception");
  await writeOutLogs(logger);
  exit(1);
}

/**
 * Reports an uncaught exception or unhandled rejection with `reportCrash`; the database is not closed, as nothing is
 * known of the state the error left. A second one while the first is written out is logged too, if it still can be.
 *
 * @example
 * logCrashes(services.logger);
 */
export function logCrashes(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): void {
  let crashed = false;
  process.on("uncaughtException", (error, origin) => {
    if (crashed) {
      logger.fatal({ err: error, origin }, "crashed again while writing out the logs");
      return;
    }
    crashed = true;
    void reportCrash(logger, error, origin, exit);
  });
}
