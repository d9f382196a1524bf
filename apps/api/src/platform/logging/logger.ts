/** Structured JSON logs (pino), one line per event, each request's lines carrying its request id. */
import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/** A JSON logger on stdout; `level: "silent"` for tests. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({ level: process.env.RAPPORT_LOG_LEVEL ?? "info", base: { service: "rapport" }, ...options });
}
