/** @module Which slots were touched in the current call, forgotten in O(1) at the next. */

/**
 * Marks slots (edge slots, person indices) for the length of one call: `begin` moves to a new stamp,
 * so nothing needs clearing between calls. The scratch tables of a ranking build on it.
 *
 * @example
 * const stamps = new Stamps();
 * stamps.begin(capacity);
 * if (!stamps.has(slot)) stamps.mark(slot);
 */
export class Stamps {
  private stamps = new Uint32Array(0);
  private stamp = 0;

  /** Starts a call over slots below `capacity`; true when the table grew (its owner must grow too). */
  begin(capacity: number): boolean {
    const grew = this.stamps.length < capacity;
    if (grew) {
      this.stamps = new Uint32Array(capacity);
      this.stamp = 0;
    }
    this.stamp += 1;
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return grew;
  }

  has(slot: number): boolean {
    return this.stamps[slot] === this.stamp;
  }

  mark(slot: number): void {
    this.stamps[slot] = this.stamp;
  }
}
