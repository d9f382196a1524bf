/** @module How much a pair's emails weigh given how balanced their exchange is. */

/**
 * The email mass of a pair weighted by reciprocity: the part of the exchange that is matched by mail the other
 * way (twice the smaller direction) counts fully, the unanswered rest counts `oneWayFactor`. Written as
 * `oneWayFactor × (towardOne + towardOther) + (1 - oneWayFactor) × 2 × min(towardOne, towardOther)`: a balanced
 * exchange weighs its whole mass, mail that only went one way weighs `oneWayFactor` of it, and the result never
 * falls when either direction grows nor exceeds the whole mass (which the pruning bounds rely on).
 * @example reciprocalEmailMass(200, 1, 0.5); // 101.5: one reply to 200 newsletters adds 1.5, not 100
 */
export function reciprocalEmailMass(towardOne: number, towardOther: number, oneWayFactor: number): number {
  const matched = towardOne < towardOther ? towardOne : towardOther;
  return oneWayFactor * (towardOne + towardOther) + (1 - oneWayFactor) * 2 * matched;
}
