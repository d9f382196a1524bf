/** @module Per person, two bounds over all of its edges that hold at whatever `now` a ranking asks. */
import type { EdgeTable } from "./edge-table.js";
import type { EvaluationContext } from "./graph-state.js";
import { grown } from "./grown-array.js";

/** Above the last bits of the arithmetic of a stored score and of its ceiling (see `scoreCeilingAt`). */
const RELATIVE_MARGIN = 1e-12;
const ABSOLUTE_MARGIN = 2e-9;

/** `array` with room for `length` bounds at least, the new ones at -Infinity (nothing seen yet). */
function grownTo(array: Float64Array<ArrayBuffer>, length: number): Float64Array<ArrayBuffer> {
  return grown(array, Math.max(length, 2 * array.length)).fill(-Infinity, array.length);
}

/**
 * For each person: the strongest of its edges as a mass with no decay (log2 of the edge's masses carried
 * forward from the epoch to their anchor), and the latest first interaction among its edges. A stored mass
 * decays by the same factor for every edge, so the first bounds every edge score of the person at any
 * `now`; at or after the second, every edge of the person has an interaction at or before `now`. Both are
 * raised whenever an edge is written and never lowered: after a removal they still bound, less tightly.
 *
 * @example
 * bounds.raise(dana.index, edges, edge, halfLife);
 * bounds.scoreBound(dana.index, context); // no edge of dana scores above this at context.now
 */
export class EdgeBounds {
  private strongest = new Float64Array(0);
  private latestFirst = new Float64Array(0);

  /** Takes `edge`, one of `person`'s edges, as written now into the person's bounds; true when its strongest bound rose. */
  raise(person: number, edges: EdgeTable, edge: number, halfLifeMilliseconds: number): boolean {
    if (person >= this.strongest.length) {
      this.strongest = grownTo(this.strongest, person + 1);
      this.latestFirst = grownTo(this.latestFirst, person + 1);
    }
    const firstAt = edges.firstAt(edge);
    if (!(firstAt <= this.latestFirst[person]!)) this.latestFirst[person] = firstAt;
    const undecayed = undecayedMass(edges, edge, halfLifeMilliseconds);
    if (!(undecayed > this.strongest[person]!)) return false;
    this.strongest[person] = undecayed;
    return true;
  }

  /** The latest first interaction among `person`'s edges (-Infinity without edges). */
  latestFirstAt(person: number): number {
    return person < this.latestFirst.length ? this.latestFirst[person]! : -Infinity;
  }

  /**
   * The strongest of `person`'s edges as an undecayed mass (see `undecayedMass`), -Infinity without edges: it
   * orders persons by `scoreBound` at every `now`, and `scoreBoundOfUndecayed` turns it into that bound.
   */
  undecayedBound(person: number): number {
    return person < this.strongest.length ? this.strongest[person]! : -Infinity;
  }

  /**
   * A score that no edge of `person` exceeds at `context.now`, its ceiling (`scoreCeilingAt`) included: its
   * stored masses decayed to `now`, all weighted as the heavier kind, with a margin for rounding. 1 when the
   * call's half-life or audience exponent differ from the stored masses'.
   */
  scoreBound(person: number, context: EvaluationContext): number {
    if (!context.storedAggregatesUsable) return 1;
    return scoreBoundOfUndecayed(this.undecayedBound(person), context);
  }
}

/**
 * An edge's masses carried forward from the epoch to their anchor, as log2: the same decay takes every edge
 * from there to any `now`, so edges compare by it at every `now` (a pair's interactions after `now` only
 * add to it). NaN for an empty edge (-Infinity + Infinity, or an anchor of -Infinity): it bounds nothing.
 */
export function undecayedMass(edges: EdgeTable, edge: number, halfLifeMilliseconds: number): number {
  return Math.log2(edges.emailMass(edge) + edges.meetingMass(edge)) + edges.anchorAt(edge) / halfLifeMilliseconds;
}

/**
 * A score that no edge of undecayed mass at most `undecayed` exceeds at `context.now`, its ceiling
 * (`scoreCeilingAt`) included: the mass decayed to `now`, all weighted as the heavier kind, with a margin for
 * rounding. The call's half-life and audience exponent must be the stored masses' (`storedAggregatesUsable`).
 */
export function scoreBoundOfUndecayed(undecayed: number, context: EvaluationContext): number {
  if (undecayed === -Infinity) return 0;
  const { meetingWeight, emailWeight, saturation } = context.parameters;
  // Emails weigh at most their whole mass (reciprocalEmailMass, oneWayFactor at most 1): the bound takes them all as answered.
  const raw = Math.max(meetingWeight, emailWeight) * 2 ** (undecayed - context.now / context.halfLifeMilliseconds) * (1 + RELATIVE_MARGIN);
  const bound = raw / (raw + saturation) + ABSOLUTE_MARGIN;
  // Infinity / Infinity is NaN, which is no bound: 1 is.
  return bound < 1 ? bound : 1;
}
