/**
 * @module
 * The `RAPPORT_*` environment variables Rapport does not read: a misspelt setting (RAPPORT_PORTT, RAPPORT_LOGLEVEL) was
 * ignored without a word, and the server ran with the default the operator meant to change.
 */
import { likelyMeant } from "../../operations/known-fields.js";

/** Every `RAPPORT_*` variable Rapport reads (README, Configuration). */
export const RAPPORT_VARIABLES: readonly string[] = [
  "RAPPORT_DB",
  "RAPPORT_LOG_LEVEL",
  "RAPPORT_SUMMARY_API_URL",
  "RAPPORT_SUMMARY_MODEL",
  "RAPPORT_SUMMARY_API_KEY",
  "RAPPORT_SUMMARY_TIMEOUT_MS",
  "RAPPORT_SCORING_PARAMETERS",
  "RAPPORT_RESPONSE_CACHE_SECONDS",
  "RAPPORT_RESPONSE_CACHE_MIB",
  "RAPPORT_SQLITE_MMAP_MIB",
  "RAPPORT_SQLITE_SYNCHRONOUS",
  "RAPPORT_IMPORT_UPLOADS_MIB",
  "RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND",
  "RAPPORT_KEEP_ALIVE_SECONDS",
  "RAPPORT_HEADERS_TIMEOUT_SECONDS",
  "RAPPORT_REQUEST_TIMEOUT_SECONDS",
  "RAPPORT_PUBLIC_URL",
  "RAPPORT_MCP_ALLOWED_ORIGINS",
  "RAPPORT_TRUST_PROXY",
  "RAPPORT_WARM_GRAPHS",
  "RAPPORT_GRAPH_TENANTS",
  "RAPPORT_CHROMIUM_PATH",
  // Read by the build (tsup.config.ts), and left set in a container's environment by a Dockerfile's ENV.
  "RAPPORT_BUILD_COMMIT",
];

/** The README's examples keep a key in this shell variable, which Rapport does not read: no mistake, so no warning. */
const EXAMPLES_SHELL_VARIABLE = /^RAPPORT_KEY$/;

/** Settings that are options of `rapport serve`, not variables: what a variable named after them meant. */
const SERVE_OPTIONS: Readonly<Record<string, string>> = { RAPPORT_PORT: "--port", RAPPORT_HOST: "--host" };

export interface UnknownSetting {
  /** The variable's name (never its value, which may be a secret). */
  variable: string;
  /** The variable or `rapport serve` option most likely meant, or null when none is close. */
  meant: string | null;
}

/**
 * The `RAPPORT_*` variables of `environment` that Rapport does not read, each with the setting likely meant.
 * @example unknownSettings({ RAPPORT_PORTT: "9000" }); // its variable RAPPORT_PORTT, meant --port
 */
export function unknownSettings(environment: NodeJS.ProcessEnv): UnknownSetting[] {
  const candidates = [...RAPPORT_VARIABLES, ...Object.keys(SERVE_OPTIONS)];
  return Object.keys(environment)
    .filter((variable) => variable.toUpperCase().startsWith("RAPPORT_") && !RAPPORT_VARIABLES.includes(variable) && !EXAMPLES_SHELL_VARIABLE.test(variable))
    .sort()
    .map((variable) => {
      const meant = likelyMeant(variable, candidates);
      return { variable, meant: meant === null ? null : (SERVE_OPTIONS[meant] ?? meant) };
    });
}
