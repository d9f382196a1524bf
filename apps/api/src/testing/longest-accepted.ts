/** Finds a validator's length limit by asking it, so a test compares behaviours rather than constants. */

/**
 * The longest length `accepts` takes, by bisection. `accepts` must take every length from `shortest` up to its
 * limit, and none beyond; limits over 100,000 are not found.
 */
export function longestAccepted(accepts: (length: number) => boolean, shortest = 40): number {
  if (!accepts(shortest)) throw new Error(`longestAccepted: refuses the shortest length, ${shortest}`);
  let accepted = shortest;
  let refused = 100_001;
  while (refused - accepted > 1) {
    const middle = Math.floor((accepted + refused) / 2);
    if (accepts(middle)) accepted = middle;
    else refused = middle;
  }
  return accepted;
}
