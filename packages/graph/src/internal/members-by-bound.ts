/** @module A company's members read strongest first by their edges' bound, for rankings that stop early over members. */
import { BridgeQueue } from "./bridge-queue.js";
import type { EdgeBounds } from "./edge-bounds.js";

/**
 * A company's members in order of their undecayed bounds (`EdgeBounds.undecayedBound`), highest first, read
 * as far as a ranking needs: a heap made in one pass (a BridgeQueue), popped member by member. A large
 * company has tens of thousands of members, of which a ranking of its paths or its top contacts reads a few
 * dozen before no member left can change what it keeps; sorting them all would cost more than that ranking.
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
  /** Member positions by key; popped as far as read. */
  private readonly queue = new BridgeQueue();
  /** Member positions popped so far, in order, and their keys. */
  private ordered = new Int32Array(0);
  private orderedKeys = new Float64Array(0);
  private orderedCount = 0;

  /** Starts an order over `members`, person indices (kept, not copied: unchanged until the next `begin`). */
  begin(members: ArrayLike<number>, bounds: Pick<EdgeBounds, "undecayedBound">): void {
    const count = members.length;
    this.memberIndices = members;
    this.queue.reset(count);
    for (let position = 0; position < count; position += 1) this.queue.add(bounds.undecayedBound(members[position]!), position);
    this.queue.order();
    if (this.ordered.length < count) {
      this.ordered = new Int32Array(count);
      this.orderedKeys = new Float64Array(count);
    }
    this.orderedCount = 0;
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
    return this.orderedKeys[rank]!;
  }

  /** Pops until `rank` is ordered; false when there are not that many members. */
  private reach(rank: number): boolean {
    const { queue } = this;
    while (this.orderedCount <= rank) {
      if (queue.size === 0) return false;
      this.orderedKeys[this.orderedCount] = queue.topScore();
      this.ordered[this.orderedCount] = queue.pop();
      this.orderedCount += 1;
    }
    return true;
  }
}
