/** @module A company's members read strongest first by their edges' bound, for rankings that stop early over members. */
import { BridgeQueue } from "./bridge-queue.js";
import type { EdgeBounds } from "./edge-bounds.js";
import { grown } from "./grown-array.js";

/** One member list's order, as far as it has been read: kept with the list until a member's bound rises. */
class KeptOrder {
  /** Member positions by key, not given out yet. */
  readonly queue = new BridgeQueue();
  /** Member positions given out so far, in order, and their keys: grown as far as read (a ranking reads a few dozen). */
  ordered = new Int32Array(16);
  orderedKeys = new Float64Array(16);
  orderedCount = 0;

  constructor(
    readonly members: ArrayLike<number>,
    bounds: Pick<EdgeBounds, "undecayedBound">,
  ) {
    const count = members.length;
    this.queue.reset(count);
    for (let position = 0; position < count; position += 1) this.queue.add(bounds.undecayedBound(members[position]!), position);
    this.queue.order();
  }

  /** Pops until `rank` is ordered; false when there are not that many members. */
  reach(rank: number): boolean {
    const { queue } = this;
    while (this.orderedCount <= rank) {
      if (queue.size === 0) return false;
      if (this.orderedCount === this.ordered.length) {
        this.ordered = grown(this.ordered, 2 * this.ordered.length);
        this.orderedKeys = grown(this.orderedKeys, 2 * this.orderedKeys.length);
      }
      this.orderedKeys[this.orderedCount] = queue.topScore();
      this.ordered[this.orderedCount] = queue.pop();
      this.orderedCount += 1;
    }
    return true;
  }
}

const NO_MEMBERS = new Int32Array(0);

/**
 * A company's members in order of their undecayed bounds (`EdgeBounds.undecayedBound`), highest first, read
 * as far as a ranking needs: a heap made in one pass (a BridgeQueue), popped member by member. A large
 * company has tens of thousands of members, of which a ranking of its paths or its top contacts reads a few
 * dozen before no member left can change what it keeps; sorting them all would cost more than that ranking.
 *
 * Each list's order is kept with the list (by its identity: a company whose members change gets a new list,
 * see ExternalMemberLists) and read on by the next ranking of the same company, which pays for neither the
 * heap nor the pops already made: an agent asks after the same large companies again and again. A kept
 * order holds until `forget`, which the graph calls when a member's bound rises; bounds never fall.
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
  private kept = new WeakMap<ArrayLike<number>, KeptOrder>();
  private current: KeptOrder = new KeptOrder(NO_MEMBERS, { undecayedBound: () => -Infinity });

  /**
   * Starts reading the order over `members`, person indices, from its first rank: the order kept for the
   * same list when it still holds, else one begun now and kept. The list must not change while it is in use
   * (ExternalMemberLists' lists never do), and `bounds` must be the graph's, whose rises call `forget`.
   */
  begin(members: ArrayLike<number>, bounds: Pick<EdgeBounds, "undecayedBound">): void {
    let order = this.kept.get(members);
    if (order === undefined) {
      order = new KeptOrder(members, bounds);
      this.kept.set(members, order);
    }
    this.current = order;
  }

  /** A member of `members` has a higher bound than its order was made with: the order is made afresh when next begun. */
  forget(members: ArrayLike<number>): void {
    this.kept.delete(members);
  }

  /** Forgets every kept order (a hydration begins). */
  forgetAll(): void {
    this.kept = new WeakMap();
  }

  /** The person indices the order was begun over, in their own order. */
  get members(): ArrayLike<number> {
    return this.current.members;
  }

  /** How many members the order has given out since it was made: how far rankings of the list have read. */
  get readCount(): number {
    return this.current.orderedCount;
  }

  /** The person index of the member at `rank` of the order (0: the highest key), or -1 past the last. */
  at(rank: number): number {
    if (!this.current.reach(rank)) return -1;
    return this.current.members[this.current.ordered[rank]!]!;
  }

  /** The key of the member at `rank`: at least the undecayed bound of it and of every later member (-Infinity past the last). */
  keyAt(rank: number): number {
    if (!this.current.reach(rank)) return -Infinity;
    return this.current.orderedKeys[rank]!;
  }
}
