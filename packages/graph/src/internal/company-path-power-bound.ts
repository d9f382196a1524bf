/** @module A bound on a company's PathPower at any `now`, from its members' strongest edges and team-link counts. */
import { scoreBoundOfUndecayed } from "./edge-bounds.js";
import type { EvaluationContext } from "./graph-state.js";
import { noisyOrOfLargest, roundScore } from "./scores.js";
import { pathPowerBound } from "./team-connections.js";

/**
 * A company's members as they bound its PathPower, gathered member by member: each one's strongest edge as an
 * undecayed mass (`EdgeBounds.undecayedBound`) and its number of team links. A member with k links has a
 * PathPower of at most the noisy-OR of k copies of its edge's bound (`pathPowerBound`), so only the
 * `pathPowerTopCount` strongest edges of each link count can give the company's highest members' bounds: those
 * are kept, and `bound` turns them into one at `now` with a handful of decays, not one per member.
 *
 * @example
 * const members = new CompanyPathPowerBound(3);
 * members.add(edgeBounds.undecayedBound(dana.index), 2);
 * members.bound(context); // at least the company's PathPower at context.now
 */
export class CompanyPathPowerBound {
  /** Per link count (1 to topCount, more counting as topCount), its strongest keys, highest first; -Infinity for none. */
  private readonly keys: Float64Array;
  private readonly memberBounds: number[] = [];

  constructor(private readonly topCount: number) {
    this.keys = new Float64Array(topCount * topCount);
    this.reset();
  }

  /** Forgets the members gathered so far. */
  reset(): void {
    this.keys.fill(-Infinity);
  }

  /** Gathers a member: its strongest edge's undecayed mass and its number of team links (at least 1). */
  add(undecayed: number, links: number): void {
    const { keys, topCount } = this;
    const base = (Math.min(links, topCount) - 1) * topCount;
    if (!(undecayed > keys[base + topCount - 1]!)) return;
    let at = base + topCount - 1;
    while (at > base && undecayed > keys[at - 1]!) {
      keys[at] = keys[at - 1]!;
      at -= 1;
    }
    keys[at] = undecayed;
  }

  /**
   * A PathPower the company does not exceed at `context.now` (stored aggregates usable): the noisy-OR of its
   * highest member bounds, combined by the same steps as `companyPathPower` combines its highest members, so
   * that its rounding bounds theirs too. 0 with no member gathered.
   */
  bound(context: EvaluationContext): number {
    const { keys, topCount, memberBounds } = this;
    memberBounds.length = 0;
    for (let links = 1; links <= topCount; links += 1) {
      for (let rank = 0; rank < topCount; rank += 1) {
        const key = keys[(links - 1) * topCount + rank]!;
        if (key === -Infinity) break;
        memberBounds.push(pathPowerBound(scoreBoundOfUndecayed(key, context), context, links));
      }
    }
    return roundScore(noisyOrOfLargest(memberBounds, topCount));
  }
}
