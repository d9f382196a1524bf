/**
 * @module Interaction ids ↔ table slots. A tenant holds millions of ids; kept as strings in a Map they
 * would cost about 100 bytes each. Lowercase uuid ids are packed into four 32-bit words (16 bytes) and
 * found through an open-addressing hash table; any other id falls back to a Map.
 */

const EMPTY = -1;
const DELETED = -2;

/** Value of a lowercase hexadecimal digit, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function hash(first: number, second: number, third: number, fourth: number): number {
  let value = Math.imul(first ^ 0x9e3779b9, 0x85ebca6b);
  value = Math.imul(value ^ second ^ (value >>> 13), 0xc2b2ae35);
  value = Math.imul(value ^ third ^ (value >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ fourth ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/**
 * Two-way map between interaction ids and table slots.
 *
 * @example
 * const ids = new InteractionIds();
 * ids.set("0f8fad5b-d9cb-469f-a165-70867728950e", 0);
 * ids.get("0f8fad5b-d9cb-469f-a165-70867728950e"); // 0
 */
export class InteractionIds {
  /** Four words per slot, meaningful when `packed[slot]` is 1. */
  private words = new Uint32Array(4 * 1024);
  private packed = new Uint8Array(1024);
  private table = new Int32Array(2048).fill(EMPTY);
  /** Table cells that are not EMPTY (live or DELETED). */
  private occupied = 0;
  private readonly otherSlots = new Map<string, number>();
  private readonly otherIds = new Map<number, string>();
  private readonly parsed = new Uint32Array(4);

  /** Parses a lowercase uuid into `this.parsed`; false for any other string. */
  private parse(id: string): boolean {
    if (id.length !== 36) return false;
    let word = 0;
    let nibbles = 0;
    for (let position = 0; position < 36; position += 1) {
      const code = id.charCodeAt(position);
      if (position === 8 || position === 13 || position === 18 || position === 23) {
        if (code !== 45) return false;
        continue;
      }
      const value = hexValue(code);
      if (value < 0) return false;
      word = (word << 4) | value;
      nibbles += 1;
      if (nibbles % 8 === 0) {
        this.parsed[nibbles / 8 - 1] = word >>> 0;
        word = 0;
      }
    }
    return true;
  }

  private matches(slot: number): boolean {
    const base = slot * 4;
    const words = this.words;
    const parsed = this.parsed;
    return this.packed[slot] === 1 && words[base] === parsed[0] && words[base + 1] === parsed[1] && words[base + 2] === parsed[2] && words[base + 3] === parsed[3];
  }

  /** Table cell holding the parsed id, or -1 (`this.parsed` must hold it). */
  private find(): number {
    const mask = this.table.length - 1;
    const parsed = this.parsed;
    let cell = hash(parsed[0] ?? 0, parsed[1] ?? 0, parsed[2] ?? 0, parsed[3] ?? 0) & mask;
    for (;;) {
      const slot = this.table[cell] ?? EMPTY;
      if (slot === EMPTY) return -1;
      if (slot >= 0 && this.matches(slot)) return cell;
      cell = (cell + 1) & mask;
    }
  }

  private insert(slot: number): void {
    const mask = this.table.length - 1;
    const base = slot * 4;
    const words = this.words;
    let cell = hash(words[base] ?? 0, words[base + 1] ?? 0, words[base + 2] ?? 0, words[base + 3] ?? 0) & mask;
    while ((this.table[cell] ?? EMPTY) >= 0) cell = (cell + 1) & mask;
    if (this.table[cell] === EMPTY) this.occupied += 1;
    this.table[cell] = slot;
  }

  private rehash(size: number): void {
    const previous = this.table;
    this.table = new Int32Array(size).fill(EMPTY);
    this.occupied = 0;
    for (const slot of previous) if (slot >= 0) this.insert(slot);
  }

  private ensureSlot(slot: number): void {
    if (slot < this.packed.length) return;
    let length = this.packed.length;
    while (length <= slot) length *= 2;
    const packed = new Uint8Array(length);
    packed.set(this.packed);
    this.packed = packed;
    const words = new Uint32Array(length * 4);
    words.set(this.words);
    this.words = words;
  }

  /** The slot of an id, or undefined. */
  get(id: string): number | undefined {
    if (!this.parse(id)) return this.otherSlots.get(id);
    const cell = this.find();
    return cell < 0 ? undefined : this.table[cell];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Records a new id (the caller checked it is absent). */
  set(id: string, slot: number): void {
    this.ensureSlot(slot);
    if (!this.parse(id)) {
      this.packed[slot] = 0;
      this.otherSlots.set(id, slot);
      this.otherIds.set(slot, id);
      return;
    }
    this.packed[slot] = 1;
    this.words.set(this.parsed, slot * 4);
    if ((this.occupied + 1) * 2 > this.table.length) {
      // Size for the live ids, so that removals (tombstones) do not make the table grow forever.
      let live = 1;
      for (const cell of this.table) if (cell >= 0) live += 1;
      let size = 2048;
      while (size < live * 4) size *= 2;
      this.rehash(size);
    }
    this.insert(slot);
  }

  /** Forgets the id of a slot. */
  deleteSlot(slot: number): void {
    if (this.packed[slot] !== 1) {
      const id = this.otherIds.get(slot);
      if (id !== undefined) this.otherSlots.delete(id);
      this.otherIds.delete(slot);
      return;
    }
    this.parsed.set(this.words.subarray(slot * 4, slot * 4 + 4));
    const cell = this.find();
    if (cell >= 0) this.table[cell] = DELETED;
    this.packed[slot] = 0;
  }

  /** The id of a slot, or undefined when it has none. */
  idOf(slot: number): string | undefined {
    if (this.packed[slot] !== 1) return this.otherIds.get(slot);
    const hex = [0, 1, 2, 3].map((word) => (this.words[slot * 4 + word] ?? 0).toString(16).padStart(8, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Shrinks the per-slot arrays to `size` slots (after a hydration). */
  trim(size: number): void {
    const length = Math.max(1024, size);
    if (length >= this.packed.length) return;
    this.packed = this.packed.slice(0, length);
    this.words = this.words.slice(0, length * 4);
  }
}
