/**
 * @module Rows of numbers kept for some edge slots, in one typed array: what the graph remembers per edge
 * for a few of them (past views, pair summaries) without an object and a map entry each.
 */
import { grown } from "./grown-array.js";

/**
 * A row of `stride` numbers for each slot that has one, rows reused once released.
 *
 * @example
 * const rows = new SlotRows(8);
 * const base = rows.claim(7);
 * rows.values[base] = 42;
 * rows.baseOf(7); // base
 * rows.release(7);
 * rows.baseOf(7); // -1
 */
export class SlotRows {
  /** Per edge slot, its row plus one (0: none). */
  private rowOfSlot = new Int32Array(0);
  /** The rows, `stride` numbers each; replaced as it grows, so read it again after `claim`. */
  values = new Float64Array(0);
  private usedRows = 0;
  private readonly freeRows: number[] = [];
  /** How many slots have a row. */
  size = 0;

  constructor(private readonly stride: number) {}

  /** Where `slot`'s row starts in `values`, or -1 when it has none. */
  baseOf(slot: number): number {
    const row = (this.rowOfSlot[slot] ?? 0) - 1;
    return row < 0 ? -1 : row * this.stride;
  }

  /** Where `slot`'s row starts in `values`, given one first when it has none (its numbers then as a released row left them). */
  claim(slot: number): number {
    let row = (this.rowOfSlot[slot] ?? 0) - 1;
    if (row < 0) {
      row = this.freeRows.pop() ?? this.newRow();
      if (slot >= this.rowOfSlot.length) this.rowOfSlot = grown(this.rowOfSlot, Math.max(1024, 2 * this.rowOfSlot.length, slot + 1));
      this.rowOfSlot[slot] = row + 1;
      this.size += 1;
    }
    return row * this.stride;
  }

  /** Releases `slot`'s row, if it has one. */
  release(slot: number): void {
    const row = (this.rowOfSlot[slot] ?? 0) - 1;
    if (row < 0) return;
    this.rowOfSlot[slot] = 0;
    this.freeRows.push(row);
    this.size -= 1;
  }

  private newRow(): number {
    if (this.usedRows * this.stride === this.values.length) this.values = grown(this.values, Math.max(1024, 2 * this.usedRows) * this.stride);
    this.usedRows += 1;
    return this.usedRows - 1;
  }
}
