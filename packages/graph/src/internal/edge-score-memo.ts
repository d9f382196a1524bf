/** @module Edge scores remembered for the length of one ranking call. */
import { Stamps } from "./stamps.js";

/**
 * Connection scores by edge slot, valid within one call (one `now`, one parameter set): a company's members
 * share bridges, so a colleague's score with a bridge is asked once per member the bridge knows. `begin`
 * forgets everything in O(1) by moving to a new stamp.
 *
 * @example
 * const memo = new EdgeScoreMemo();
 * memo.begin(edges.slotCapacity);
 * if (Number.isNaN(memo.get(slot))) memo.set(slot, 0.42);
 */
export class EdgeScoreMemo {
  private readonly stamps = new Stamps();
  private scores = new Float64Array(0);

  /** Starts a call over edge slots below `capacity`; scores remembered before are forgotten. */
  begin(capacity: number): void {
    if (this.stamps.begin(capacity)) this.scores = new Float64Array(capacity);
  }

  /** The score remembered for `slot` in this call, NaN when none. */
  get(slot: number): number {
    return this.stamps.has(slot) ? this.scores[slot]! : Number.NaN;
  }

  set(slot: number, score: number): void {
    this.stamps.mark(slot);
    this.scores[slot] = score;
  }
}
