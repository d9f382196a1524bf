/** @module The first entries of a ranking by score, highest first and ties by uuid, without sorting every candidate. */
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
 * The `capacity` best candidates offered so far. They are held as a heap with the worst kept at its root, so that
 * a deep page (a capacity of thousands, candidates offered roughly but not exactly in order) costs a logarithm
 * an offer: a list kept sorted shifted thousands of entries for each candidate that beat the last kept (at scale M
 * the PathPower ranking's page halfway down spent two thirds of its time so).
 *
 * @example
 * const best = new BestRanked(2);
 * best.offer({ uuid: "b", score: 0.5 }); best.offer({ uuid: "a", score: 0.5 }); best.offer({ uuid: "c", score: 0.1 });
 * best.entries; // [{ uuid: "a", score: 0.5 }, { uuid: "b", score: 0.5 }]
 * best.mayTake(0.5); // true: a candidate of 0.5 with a uuid before "b" would be kept
 * best.mayTake(0.4); // false
 */
export class BestRanked<T extends ScoredCandidate> {
  /** The kept candidates as a heap: each ranks after neither of its children (the root is the worst kept). */
  private readonly heap: T[] = [];

  constructor(readonly capacity: number) {}

  offer(candidate: T): void {
    const { heap } = this;
    if (heap.length < this.capacity) {
      heap.push(candidate);
      this.siftUp(heap.length - 1);
    } else if (this.capacity > 0 && ranksBefore(candidate, heap[0]!)) {
      heap[0] = candidate;
      this.siftDown(0);
    }
  }

  /**
   * Whether a candidate scoring at most `bound` could still be kept: fewer than `capacity` are, or it could tie
   * the worst kept one (and win on its uuid) or beat it.
   */
  mayTake(bound: number): boolean {
    return this.heap.length < this.capacity || bound >= this.heap[0]!.score;
  }

  /** The kept candidates, best first. */
  get entries(): T[] {
    return [...this.heap].sort(compareRanked);
  }

  private siftUp(from: number): void {
    const { heap } = this;
    const item = heap[from]!;
    let at = from;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!ranksBefore(heap[parent]!, item)) break;
      heap[at] = heap[parent]!;
      at = parent;
    }
    heap[at] = item;
  }

  private siftDown(from: number): void {
    const { heap } = this;
    const item = heap[from]!;
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && ranksBefore(heap[child]!, heap[child + 1]!)) child += 1;
      if (!ranksBefore(item, heap[child]!)) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = item;
  }
}
