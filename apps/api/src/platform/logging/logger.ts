/** Structured JSON logs (pino), one line per event, each request's lines carrying its request id. */
import { pino, type Logger, type LoggerOptions } from "pino";
import { ConfigurationError } from "../environment/configuration-error.js";

export type { Logger };

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The level `RAPPORT_LOG_LEVEL` names (default info); a ConfigurationError for one pino does not know. */
export function logLevelFromEnvironment(environment: NodeJS.ProcessEnv): string {
  const level = environment.RAPPORT_LOG_LEVEL?.trim().toLowerCase() || "info";
  if (!LEVELS.includes(level)) throw new ConfigurationError(`RAPPORT_LOG_LEVEL must be one of ${LEVELS.join(", ")}; got '${environment.RAPPORT_LOG_LEVEL}'`);
  return level;
}

/** A JSON logger on stdout; `level: "silent"` for tests. */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({ level: options.level ?? logLevelFromEnvironment(process.env), base: { service: "rapport" }, ...options });
}
