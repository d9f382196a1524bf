/**
 * @module
 * The time bound a client most likely meant by a word of its own: the activity timelines take `occurred_after` and
 * `occurred_before`, the email list `sent_from` and `sent_to`, the meeting list `starts_from` and `starts_to`, a
 * relationship list `last_activity_after` and `last_activity_before`, which neither spelling nor the change filters'
 * names (`since` is one) lead to.
 */

/** Names clients use for "at or after this time" and for "at or before it". */
const START_NAMES = new Set(["since", "after", "from", "start", "occurred_since", "occurred_from", "occurred_start"]);
const END_NAMES = new Set(["until", "before", "to", "end", "occurred_until", "occurred_to", "occurred_end"]);

/**
 * The time ranges the lists take, each with the words that name something else there: on an email, `from` and `to`
 * are its sender and recipients, not times.
 */
const RANGES: ReadonlyArray<{ start: string; end: string; otherwise?: readonly string[] }> = [
  { start: "occurred_after", end: "occurred_before" },
  { start: "sent_from", end: "sent_to", otherwise: ["from", "to"] },
  { start: "starts_from", end: "starts_to" },
  { start: "last_activity_after", end: "last_activity_before" },
];

/**
 * The bound among `known` that `unknown` names when it is a start or an end of a time range and the operation takes
 * one such range, or null.
 * @example timeBoundMeant("since", ["per_page", "occurred_after", "occurred_before"]) // "occurred_after"
 */
export function timeBoundMeant(unknown: string, known: readonly string[]): string | null {
  const name = unknown.toLowerCase().replace(/-/g, "_");
  const side = START_NAMES.has(name) ? "start" : END_NAMES.has(name) ? "end" : null;
  if (side === null) return null;
  const taken = RANGES.filter((range) => known.includes(range.start) && known.includes(range.end));
  if (taken.length !== 1 || taken[0]!.otherwise?.includes(name)) return null;
  return taken[0]![side];
}
