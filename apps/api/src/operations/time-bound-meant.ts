/**
 * @module
 * The time bound a client most likely meant by a word of its own: the activity timelines take `occurred_after` and
 * `occurred_before`, which neither spelling nor the change filters' names (`since` is one) lead to.
 */

/** Names clients use for "at or after this time" and for "at or before it". */
const START_NAMES = new Set(["since", "after", "from", "start", "occurred_since", "occurred_from", "occurred_start"]);
const END_NAMES = new Set(["until", "before", "to", "end", "occurred_until", "occurred_to", "occurred_end"]);

/**
 * `occurred_after` or `occurred_before` among `known` when `unknown` names a start or an end of a time range, or null.
 * @example timeBoundMeant("since", ["per_page", "occurred_after", "occurred_before"]) // "occurred_after"
 */
export function timeBoundMeant(unknown: string, known: readonly string[]): string | null {
  const name = unknown.toLowerCase().replace(/-/g, "_");
  const meant = START_NAMES.has(name) ? "occurred_after" : END_NAMES.has(name) ? "occurred_before" : null;
  return meant && known.includes(meant) ? meant : null;
}
