/**
 * @module
 * The change filter a client most likely meant: persons and companies filter changes with `modified_since` (the
 * spec's name), opportunities, notes, tasks, meetings and the other polled lists with `updated_after`, a user's
 * relationships with `last_activity_after`. A client that
 * sends one list's name to another is pointed to the name that list takes, which spelling alone would not find.
 */

/** Names clients use for "changed at or after". */
const CHANGE_FILTER_NAMES = new Set(["modified_since", "modified_after", "updated_after", "updated_since", "changed_since", "changed_after", "since"]);
/** The change filters the API's lists take (a user's relationships change with their latest interaction). */
const CHANGE_FILTERS = ["modified_since", "updated_after", "last_activity_after"];

/**
 * The change filter among `known` that `unknown` names (the operation's only one), or null.
 * @example changeFilterMeant("modified_since", ["page", "updated_after"]) // "updated_after"
 */
export function changeFilterMeant(unknown: string, known: readonly string[]): string | null {
  if (!CHANGE_FILTER_NAMES.has(unknown.toLowerCase().replace(/-/g, "_"))) return null;
  const offered = known.filter((name) => CHANGE_FILTERS.includes(name));
  return offered.length === 1 ? offered[0]! : null;
}
