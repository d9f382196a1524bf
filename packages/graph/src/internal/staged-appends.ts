/**
 * @module Appends to the persons' lists held back during a hydration, then made once per person at their
 * exact length. An array grown by `push` keeps up to half its length plus 16 spare elements: over a large
 * tenant's persons, mostly with a handful of entries each, that was a third of the heap, and every young
 * collection walks every page of the old generation.
 */
import { grown } from "./grown-array.js";

/** Int32 values in the order they were appended, in one typed array (no per-value object). */
export class StagedSequence {
  private values = new Int32Array(1024);
  private used = 0;

  get length(): number {
    return this.used;
  }

  push(value: number): void {
    if (this.used === this.values.length) this.values = grown(this.values, 2 * this.values.length);
    this.values[this.used] = value;
    this.used += 1;
  }

  at(position: number): number {
    return this.values[position]!;
  }

  /** Drops every value and the memory that held them. */
  clear(): void {
    this.values = new Int32Array(1024);
    this.used = 0;
  }
}

/** Receives one entry of an owner's group: one value, or a pair side by side (see {@link forEachOwnerGroup}). */
export type AddEntry = (owner: number, first: number, second: number) => void;

/**
 * Groups entries by owner in two passes over them, keeping each owner's entries in the order they came.
 * `entries` must call `add` with the same entries in the same order each time it is called (once to count,
 * once to place). Then `visit` gets every owner that has entries, lowest first, with its values at
 * `values[start..end)`: one value an entry (`width` 1, `second` ignored), or `first, second` (`width` 2).
 *
 * @example
 * forEachOwnerGroup(3, (add) => { add(2, 7, 0); add(0, 8, 0); add(2, 9, 0); }, 1, (owner, values, start, end) => {
 *   console.log(owner, [...values.subarray(start, end)]); // 0 [8], then 2 [7, 9]
 * });
 */
export function forEachOwnerGroup(
  ownerCount: number,
  entries: (add: AddEntry) => void,
  width: 1 | 2,
  visit: (owner: number, values: Int32Array, start: number, end: number) => void,
): void {
  // Counting sort: the entries per owner, then each owner's first position.
  const next = new Int32Array(ownerCount + 1);
  entries((owner) => {
    next[owner + 1]! += width;
  });
  for (let owner = 0; owner < ownerCount; owner += 1) next[owner + 1]! += next[owner]!;
  const starts = next.slice();
  const values = new Int32Array(next[ownerCount]!);
  entries((owner, first, second) => {
    const position = next[owner]!;
    values[position] = first;
    if (width === 2) values[position + 1] = second;
    next[owner] = position + width;
  });
  for (let owner = 0; owner < ownerCount; owner += 1) {
    if (starts[owner + 1]! > starts[owner]!) visit(owner, values, starts[owner]!, starts[owner + 1]!);
  }
}

/**
 * A new array holding `list`, then every `stride`-th value of `values[start..end)` from `start + offset`,
 * made at its exact length and packed with small integers, as a pushed array is.
 *
 * @example
 * exactlyExtended([1], Int32Array.of(5, 6, 7, 8), 0, 4, 2, 1); // [1, 6, 8]
 */
export function exactlyExtended(list: readonly number[], values: Int32Array, start: number, end: number, stride: number, offset: number): number[] {
  const kept = list.length;
  const length = kept + Math.ceil((end - start - offset) / stride);
  return Array.from({ length }, (_unused, position) => (position < kept ? list[position]! : values[start + offset + (position - kept) * stride]!));
}
