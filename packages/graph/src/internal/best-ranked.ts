/** @module The first entries of a ranking by score, highest first and ties by uuid, without sorting every candidate. */
import { insertRanked } from "./ranked-list.js";
import { compareUuids } from "./scores.js";

/** A candidate of a ranking: its key and its score. */
export interface ScoredCandidate {
  readonly uuid: string;
  readonly score: number;
}

/** Whether `left` ranks before `right`: the higher score, then the lower uuid. */
export const ranksBefore = (left: ScoredCandidate, right: ScoredCandidate): boolean =>
  left.score > right.score || (left.score === right.score && compareUuids(left.uuid, right.uuid) < 0);

/** Sort order of a ranking: `ranksBefore` as a comparator (uuids are unique, so no two candidates tie). */
export const compareRanked = (left: ScoredCandidate, right: ScoredCandidate): number => (ranksBefore(left, right) ? -1 : 1);

/**
 * The `capacity` best candidates offered so far, best first. Offered in roughly descending order (read by a
 * bound), most candidates are compared with the last kept only.
 *
 * @example
 * const best = new BestRanked(2);
 * best.offer({ uuid: "b", score: 0.5 }); best.offer({ uuid: "a", score: 0.5 }); best.offer({ uuid: "c", score: 0.1 });
 * best.entries; // [{ uuid: "a", score: 0.5 }, { uuid: "b", score: 0.5 }]
 * best.mayTake(0.5); // true: a candidate of 0.5 with a uuid before "b" would be kept
 * best.mayTake(0.4); // false
 */
export class BestRanked<T extends ScoredCandidate> {
  readonly entries: T[] = [];

  constructor(readonly capacity: number) {}

  offer(candidate: T): void {
    insertRanked(this.entries, candidate, this.capacity, ranksBefore);
  }

  /**
   * Whether a candidate scoring at most `bound` could still be kept: fewer than `capacity` are, or it could tie
   * the last kept one (and win on its uuid) or beat it.
   */
  mayTake(bound: number): boolean {
    const { entries } = this;
    return entries.length < this.capacity || bound >= entries[entries.length - 1]!.score;
  }
}
