/**
 * @module The edge slot of each connected pair of persons, found by their indices. An open-addressing
 * hash table in typed arrays: a large tenant has over a million edges, and keeping them as graphology
 * edges (an object, a key string, a map entry and two adjacency entries each) made up 300 of an L tenant's
 * 700 MiB of heap and about half of every full garbage collection.
 */
import { grown } from "./grown-array.js";

const EMPTY = -1;
const DELETED = -2;
const MINIMUM_CELLS = 1024;

function hashPair(low: number, high: number): number {
  let value = Math.imul(low ^ 0x9e3779b9, 0x85ebca6b);
  value = Math.imul(value ^ high ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/**
 * Edge slots by unordered pair of person indices, and each live slot's pair.
 *
 * @example
 * const pairs = new PairIndex();
 * pairs.set(3, 1, 0);
 * pairs.get(1, 3); // 0
 * pairs.delete(0);
 * pairs.get(1, 3); // -1
 */
export class PairIndex {
  /** Per table cell: an edge slot, EMPTY or DELETED. The cell count is a power of two. */
  private cells = new Int32Array(MINIMUM_CELLS).fill(EMPTY);
  /** Cells that are not EMPTY (live or DELETED): kept under half of the cells. */
  private occupied = 0;
  private live = 0;
  /** Per edge slot: its pair's lower and higher person index, -1 for a slot without an edge. */
  private lows = new Int32Array(MINIMUM_CELLS).fill(-1);
  private highs = new Int32Array(MINIMUM_CELLS).fill(-1);

  /** Edges indexed. */
  get size(): number {
    return this.live;
  }

  /** The slot of the edge between persons `first` and `second` (in either order), -1 when they share none. */
  get(first: number, second: number): number {
    const low = Math.min(first, second);
    const high = Math.max(first, second);
    const { cells, lows, highs } = this;
    const mask = cells.length - 1;
    for (let cell = hashPair(low, high) & mask; ; cell = (cell + 1) & mask) {
      const slot = cells[cell]!;
      if (slot === EMPTY) return -1;
      if (slot >= 0 && lows[slot] === low && highs[slot] === high) return slot;
    }
  }

  /** Indexes edge `slot` between `first` and `second`; the pair must have no edge and the slot no pair. */
  set(first: number, second: number, slot: number): void {
    if (slot >= this.lows.length) {
      const length = Math.max(slot + 1, 2 * this.lows.length);
      const previous = this.lows.length;
      this.lows = grown(this.lows, length);
      this.highs = grown(this.highs, length);
      this.lows.fill(-1, previous);
      this.highs.fill(-1, previous);
    }
    if (2 * (this.occupied + 1) > this.cells.length) this.rehash(Math.max(MINIMUM_CELLS, 4 * (this.live + 1)));
    const low = Math.min(first, second);
    const high = Math.max(first, second);
    this.lows[slot] = low;
    this.highs[slot] = high;
    const { cells } = this;
    const mask = cells.length - 1;
    let cell = hashPair(low, high) & mask;
    while (cells[cell]! >= 0) cell = (cell + 1) & mask;
    if (cells[cell] === EMPTY) this.occupied += 1;
    cells[cell] = slot;
    this.live += 1;
  }

  /** Removes edge `slot` (a slot without a pair is left as is). */
  delete(slot: number): void {
    if (slot >= this.lows.length || this.lows[slot]! < 0) return;
    const low = this.lows[slot]!;
    const high = this.highs[slot]!;
    const { cells } = this;
    const mask = cells.length - 1;
    let cell = hashPair(low, high) & mask;
    while (cells[cell] !== slot) cell = (cell + 1) & mask;
    cells[cell] = DELETED;
    this.lows[slot] = -1;
    this.highs[slot] = -1;
    this.live -= 1;
  }

  /** The lower person index of edge `slot`'s pair, -1 for a slot without one. */
  lowOf(slot: number): number {
    return slot < this.lows.length ? this.lows[slot]! : -1;
  }

  /** The higher person index of edge `slot`'s pair, -1 for a slot without one. */
  highOf(slot: number): number {
    return slot < this.highs.length ? this.highs[slot]! : -1;
  }

  /** Calls `visit` with every edge's slot and pair (lower person index first), in slot order. */
  forEach(visit: (slot: number, low: number, high: number) => void): void {
    const { lows, highs } = this;
    for (let slot = 0; slot < lows.length; slot += 1) if (lows[slot]! >= 0) visit(slot, lows[slot]!, highs[slot]!);
  }

  /** Rebuilds the table with `minimumCells` cells or more (a power of two), dropping DELETED cells. */
  private rehash(minimumCells: number): void {
    let length = MINIMUM_CELLS;
    while (length < minimumCells) length *= 2;
    const cells = new Int32Array(length).fill(EMPTY);
    const mask = length - 1;
    this.forEach((slot, low, high) => {
      let cell = hashPair(low, high) & mask;
      while (cells[cell] !== EMPTY) cell = (cell + 1) & mask;
      cells[cell] = slot;
    });
    this.cells = cells;
    this.occupied = this.live;
  }
}
