/** @module The one exponential decay every score uses. */

/**
 * The weight left after `elapsedMilliseconds` with the given half-life: 2^(-elapsed / halfLife), as one
 * `Math.exp` (V8's `**` costs about four times as much, and a ranking decays an edge per path it scores).
 * Negative `elapsedMilliseconds` grows the weight instead (re-anchoring a mass at a later instant).
 * @example decayFactor(30 * DAY_MILLISECONDS, 30 * DAY_MILLISECONDS); // 0.5
 */
export function decayFactor(elapsedMilliseconds: number, halfLifeMilliseconds: number): number {
  return Math.exp((-Math.LN2 * elapsedMilliseconds) / halfLifeMilliseconds);
}
