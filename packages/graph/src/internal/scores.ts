/** @module Score arithmetic shared by RQ, PathPower and path ranking. */

/**
 * Scores leave the package rounded to 9 decimals. Sums of decayed weights depend, in their last bits, on
 * the order in which interactions were added; rounding makes equal scores compare equal so that rankings
 * fall through to their uuid tiebreaker whatever the insertion order.
 * @example roundScore(0.1 + 0.2) === roundScore(0.3); // true
 */
export function roundScore(score: number): number {
  return Math.round(score * 1e9) / 1e9;
}

/**
 * The displayed 0..100 form of a score (`rq_pretty`, `score_display`, `priority_score`).
 * @example prettyScore(0.36); // 36
 */
export function prettyScore(score: number): number {
  return Math.round(score * 100);
}

/**
 * Noisy-OR of the `count` largest values: the chance that at least one of the strongest independent
 * routes works. Taking only the largest few keeps a broadcast to a hundred colleagues from looking like
 * a strong relationship.
 * @example noisyOrOfLargest([0.5, 0.5, 0.1], 2); // 0.75
 */
export function noisyOrOfLargest(values: number[], count: number): number {
  sortDescending(values);
  let missing = 1;
  const limit = Math.min(count, values.length);
  for (let position = 0; position < limit; position += 1) missing *= 1 - (values[position] ?? 0);
  return 1 - missing;
}

/**
 * Ascending comparison of uuids by code unit, independent of locale.
 * @example ["b", "a"].sort(compareUuids); // ["a", "b"]
 */
export function compareUuids(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Below this length an insertion sort: most persons have one or two team connections, and `Array.prototype.sort` costs more than sorting them. */
const INSERTION_SORT_UP_TO = 16;

function sortDescending(values: number[]): void {
  if (values.length > INSERTION_SORT_UP_TO) {
    values.sort((left, right) => right - left);
    return;
  }
  for (let position = 1; position < values.length; position += 1) {
    const value = values[position]!;
    let before = position - 1;
    for (; before >= 0 && values[before]! < value; before -= 1) values[before + 1] = values[before]!;
    values[before + 1] = value;
  }
}
