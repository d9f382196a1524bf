/** @module A company's members read strongest first by their edges' bound, for rankings that stop early over members. */
import type { EdgeBounds } from "./edge-bounds.js";

/**
 * A company's members in order of their undecayed bounds (`EdgeBounds.undecayedBound`), highest first, read
 * as far as a ranking needs: a heap made in one pass, popped member by member. A large company has tens of
 * thousands of members, of which a ranking of its paths or its top contacts reads a few dozen before no
 * member left can change what it keeps; sorting them all would cost more than that ranking.
 *
 * The bound of a member holds at every `now` and bounds every edge of the member (decision 0007), so
 * `keyAt(rank)` bounds every member from `rank` on. Members of equal keys come in an order of no meaning:
 * every ranking's answer is independent of the order of the members.
 *
 * @example
 * const order = state.membersByBound;
 * order.begin(memberIndices, state.edgeBounds);
 * for (let rank = 0; order.at(rank) >= 0 && scoreBoundOfUndecayed(order.keyAt(rank), context) >= needed; rank += 1) ...
 */
export class MembersByBound {
  /** Companies with fewer external members are ranked member by member: ordering them saves nothing. */
  minimumMembers = 64;
  private memberIndices: ArrayLike<number> = [];
  /** Per member position: its key. */
  private keys = new Float64Array(0);
  /** A max-heap of member positions by key, its first `heapSize` entries. */
  private heap = new Int32Array(0);
  private heapSize = 0;
  /** Member positions popped so far, in order, and their keys. */
  private ordered = new Int32Array(0);
  private orderedCount = 0;

  /** Starts an order over `members`, person indices (kept, not copied: unchanged until the next `begin`). */
  begin(members: ArrayLike<number>, bounds: Pick<EdgeBounds, "undecayedBound">): void {
    const count = members.length;
    this.memberIndices = members;
    if (this.keys.length < count) {
      this.keys = new Float64Array(count);
      this.heap = new Int32Array(count);
      this.ordered = new Int32Array(count);
    }
    for (let position = 0; position < count; position += 1) {
      this.keys[position] = bounds.undecayedBound(members[position]!);
      this.heap[position] = position;
    }
    this.heapSize = count;
    this.orderedCount = 0;
    for (let at = (count >> 1) - 1; at >= 0; at -= 1) this.siftDown(at);
  }

  /** The person indices the order was begun over, in their own order. */
  get members(): ArrayLike<number> {
    return this.memberIndices;
  }

  /** How many members the order has given out since `begin`: how far a ranking read. */
  get readCount(): number {
    return this.orderedCount;
  }

  /** The person index of the member at `rank` of the order (0: the highest key), or -1 past the last. */
  at(rank: number): number {
    if (!this.reach(rank)) return -1;
    return this.memberIndices[this.ordered[rank]!]!;
  }

  /** The key of the member at `rank`: at least the undecayed bound of it and of every later member (-Infinity past the last). */
  keyAt(rank: number): number {
    if (!this.reach(rank)) return -Infinity;
    return this.keys[this.ordered[rank]!]!;
  }

  /** Pops until `rank` is ordered; false when there are not that many members. */
  private reach(rank: number): boolean {
    while (this.orderedCount <= rank) {
      if (this.heapSize === 0) return false;
      const { heap } = this;
      this.ordered[this.orderedCount] = heap[0]!;
      this.orderedCount += 1;
      this.heapSize -= 1;
      heap[0] = heap[this.heapSize]!;
      this.siftDown(0);
    }
    return true;
  }

  private siftDown(from: number): void {
    const { heap, keys, heapSize } = this;
    const moving = heap[from]!;
    const key = keys[moving]!;
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && keys[heap[child + 1]!]! > keys[heap[child]!]!) child += 1;
      if (!(keys[heap[child]!]! > key)) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = moving;
  }
}
