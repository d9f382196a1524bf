/** @module The check the store's file functions (backup, restore, compact) make of the paths they are given. */
import { InvalidInputError } from "../errors.js";

/**
 * Refuses, with an `InvalidInputError` naming `operation` and the argument, a path that is not a non-empty string:
 * from a JavaScript caller, Node's own TypeError (`The "paths[0]" argument must be of type string`) named neither.
 */
export function checkFilePaths(operation: string, paths: Readonly<Record<string, unknown>>): void {
  for (const [name, path] of Object.entries(paths)) {
    if (typeof path !== "string" || path === "") {
      const shown = typeof path === "string" ? '""' : typeof path === "object" && path !== null ? "an object" : String(path);
      throw new InvalidInputError(`${operation}: expecting "${name}" to be a file path, got ${shown}`);
    }
  }
}
