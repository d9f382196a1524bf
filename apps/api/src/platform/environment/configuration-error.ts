/** @module The error of a setting read at start-up (an environment variable, a file it names). */

/**
 * A setting that cannot be used, with a message naming it and saying what it expects; the command line
 * prints it as it is, not as an unexpected failure.
 */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
}
