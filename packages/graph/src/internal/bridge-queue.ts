/** @module A max-heap of (score, position) pairs in typed arrays, reused call after call. */

/**
 * Bridges by score, strongest first (and a company's members by their bounds: MembersByBound). All entries are added, then `order` heapifies them in one pass
 * (linear), so a ranking that stops after a few bridges pays for those few pops, not for a full sort.
 * Typed arrays and no objects: a busy target has tens of thousands of bridges. Ties pop in no set order.
 *
 * @example
 * const queue = new BridgeQueue();
 * queue.reset(3);
 * queue.add(0.2, 7); queue.add(0.9, 4); queue.add(0.5, 1);
 * queue.order();
 * queue.topScore(); // 0.9
 * queue.pop(); // 4
 */
export class BridgeQueue {
  private scores = new Float64Array(64);
  private positions = new Int32Array(64);
  private count = 0;

  /** Empties the queue, with room for `capacity` entries. */
  reset(capacity: number): void {
    if (this.scores.length < capacity) {
      this.scores = new Float64Array(capacity);
      this.positions = new Int32Array(capacity);
    }
    this.count = 0;
  }

  /** Adds an entry; call `order` once all are in, before reading. */
  add(score: number, position: number): void {
    this.scores[this.count] = score;
    this.positions[this.count] = position;
    this.count += 1;
  }

  get size(): number {
    return this.count;
  }

  /** The position of the entry at `at` (0 to `size` - 1), in no set order: for reading every entry without popping. */
  positionAt(at: number): number {
    return this.positions[at]!;
  }

  /** Arranges the entries as a heap. */
  order(): void {
    for (let parent = (this.count >> 1) - 1; parent >= 0; parent -= 1) this.siftDown(parent);
  }

  /** The highest score left (the queue must not be empty). */
  topScore(): number {
    return this.scores[0]!;
  }

  /** Adds an entry once the queue is ordered, keeping it a heap. */
  insert(score: number, position: number): void {
    const { scores, positions } = this;
    let at = this.count;
    this.count += 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (scores[parent]! >= score) break;
      scores[at] = scores[parent]!;
      positions[at] = positions[parent]!;
      at = parent;
    }
    scores[at] = score;
    positions[at] = position;
  }

  /** Removes the entry with the highest score and returns its position. */
  pop(): number {
    const position = this.positions[0]!;
    this.count -= 1;
    if (this.count > 0) {
      this.scores[0] = this.scores[this.count]!;
      this.positions[0] = this.positions[this.count]!;
      this.siftDown(0);
    }
    return position;
  }

  private siftDown(from: number): void {
    const { scores, positions, count } = this;
    const score = scores[from]!;
    const position = positions[from]!;
    let at = from;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= count) break;
      if (child + 1 < count && scores[child + 1]! > scores[child]!) child += 1;
      if (scores[child]! <= score) break;
      scores[at] = scores[child]!;
      positions[at] = positions[child]!;
      at = child;
    }
    scores[at] = score;
    positions[at] = position;
  }
}
