/** @module Migration names as a line of a command's output gives them: an upgrade from an old release has dozens. */

/** At most this many names are written out in a line; more are given by their first and last. */
export const MIGRATIONS_NAMED_IN_A_LINE = 3;

/**
 * `names` (in order) for one line: each when few, else the first and the last, the caller saying how many.
 *
 * @example migrationNamesInLine(["0030-a", "0031-b", "0032-c", "0033-d"]); // "0030-a to 0033-d"
 */
export function migrationNamesInLine(names: readonly string[]): string {
  if (names.length <= MIGRATIONS_NAMED_IN_A_LINE) return names.join(", ");
  return `${names[0]} to ${names[names.length - 1]}`;
}
