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
 * The displayed 0..100 form of a score (`rq_pretty`, `score_display`, `priority_score`): `round(100 × score)` of the
 * score as published (9 decimals), halves up, in whole billionths. `Math.round(score * 100)` read 0.285 as
 * 28.499999999999996, so 0.145, 0.285, 0.565 and 0.575 displayed one less than their neighbours' halves did.
 * @example prettyScore(0.36); // 36
 * @example prettyScore(0.285); // 29
 */
export function prettyScore(score: number): number {
  return Math.floor((Math.round(score * 1e9) + 5e6) / 1e7);
}

/**
 * Noisy-OR of the `count` largest of the first `length` values: the chance that at least one of the
 * strongest independent routes works. Taking only the largest few keeps a broadcast to a hundred
 * colleagues from looking like a strong relationship. The values are left as they are; the largest are
 * multiplied strongest first, as a sort would order them.
 * @example noisyOrOfLargest([0.5, 0.5, 0.1], 2); // 0.75
 */
export function noisyOrOfLargest(values: ArrayLike<number>, count: number, length = values.length): number {
  const kept = keepLargest(values, Math.min(count, length), length);
  let missing = 1;
  for (let position = 0; position < kept; position += 1) missing *= 1 - largest[position]!;
  return 1 - missing;
}

/**
 * Ascending comparison of uuids by code unit, independent of locale.
 * @example ["b", "a"].sort(compareUuids); // ["a", "b"]
 */
export function compareUuids(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The largest values so far, highest first, reused call after call: a company's ranking takes the PathPower
 * of thousands of members, and sorting (or copying) each one's scores allocated more than it computed.
 */
let largest = new Float64Array(16);

/** Fills `largest` with the `count` largest of the first `length` values, highest first; returns how many. */
function keepLargest(values: ArrayLike<number>, count: number, length: number): number {
  if (largest.length < count) largest = new Float64Array(count);
  let kept = 0;
  for (let position = 0; position < length; position += 1) {
    const value = values[position]!;
    if (kept === count && !(value > largest[count - 1]!)) continue;
    let at = kept < count ? kept++ : count - 1;
    for (; at > 0 && largest[at - 1]! < value; at -= 1) largest[at] = largest[at - 1]!;
    largest[at] = value;
  }
  return kept;
}
