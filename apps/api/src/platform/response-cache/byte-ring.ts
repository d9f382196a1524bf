/**
 * @module
 * Byte strings kept by key in one buffer of fixed size, written in turn and overwritten oldest first. What it
 * keeps is never garbage: a batch keeps megabytes of answers a minute, and kept as buffers of their own those
 * outlived the young generation and were freed only by full collections of the server's heap (each 100 to 180
 * ms with a large tenant's graph in it), started by the growth of memory outside the heap.
 */

interface Slot<Meta> {
  /** Where the bytes begin, counted in bytes written since the ring was made (the offset is this modulo the capacity). */
  start: number;
  length: number;
  meta: Meta;
}

/**
 * Bytes apart at which {@link ByteRing.reserve} writes: the smallest memory page in use (4 KiB; larger pages
 * are multiples of it), so that every page of the buffer is written once.
 */
const PAGE_BYTES = 4096;

/**
 * @example
 * const ring = new ByteRing<number>(64 * 2 ** 20);
 * ring.set("key", bytes, 7);
 * ring.get("key"); // { bytes: a copy, meta: 7 }, until 64 MiB more have been written
 * ring.set("text", '{"a":"é"}', 8); // kept as its UTF-8 bytes
 */
export class ByteRing<Meta> {
  /** Allocated at the first write or `reserve`: a server that keeps nothing reserves nothing. */
  private buffer: Buffer | null = null;
  /** Bytes written (and skipped at the end of the buffer) since the ring was made. */
  private written = 0;
  /** In order of `start`: a key written again is moved to the end. */
  private readonly slots = new Map<string, Slot<Meta>>();
  /** Bytes from the buffer's start whose pages {@link reserve} has written. */
  private reserved = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new Error(`ByteRing: capacity must be a whole number of bytes, not ${capacity}`);
  }

  /**
   * Keeps a copy of `bytes` under `key` (a string: its UTF-8 bytes, encoded straight into the ring); bytes
   * longer than the ring are not kept (and `key` is forgotten).
   */
  set(key: string, bytes: Uint8Array | string, meta: Meta): void {
    this.slots.delete(key);
    const { capacity } = this;
    const length = Buffer.byteLength(bytes);
    if (length > capacity || length === 0) return;
    let offset = this.written % capacity;
    // Bytes are never split across the end: the rest of the buffer is skipped.
    if (offset + length > capacity) {
      this.written += capacity - offset;
      offset = 0;
    }
    this.buffer ??= Buffer.allocUnsafeSlow(capacity);
    if (typeof bytes === "string") this.buffer.write(bytes, offset, length);
    else this.buffer.set(bytes, offset);
    this.slots.set(key, { start: this.written, length, meta });
    this.written += length;
    this.forgetOverwritten();
  }

  /**
   * Maps up to `maximumBytes` more of the buffer's memory (allocating it first), from where the last call
   * stopped, by writing one byte of each page as it is: what is kept stays as it was. Until then the
   * system maps a page at its first write, which on some virtual machines costs about 13 µs a 4 KiB page
   * (about 10 ms for each 3 MiB batch answer kept, on the request's path); once mapped, a page stays so.
   * True when the whole buffer is mapped.
   */
  reserve(maximumBytes = Infinity): boolean {
    const { capacity } = this;
    if (this.reserved >= capacity) return true;
    const buffer = (this.buffer ??= Buffer.allocUnsafeSlow(capacity));
    const end = Math.min(capacity, this.reserved + maximumBytes);
    let at = this.reserved;
    for (; at < end; at += PAGE_BYTES) buffer[at] = buffer[at]!;
    this.reserved = Math.min(capacity, at);
    // The buffer need not start on a page: its last byte may sit on a page of its own.
    if (this.reserved === capacity && capacity > 0) buffer[capacity - 1] = buffer[capacity - 1]!;
    return this.reserved === capacity;
  }

  /**
   * A copy of the bytes kept under `key`, and their meta, unless later writes have overwritten them. A copy, so
   * that bytes still being sent are never overwritten under the reader.
   */
  get(key: string): { bytes: Buffer; meta: Meta } | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined || !this.holds(slot)) return undefined;
    const offset = slot.start % this.capacity;
    return { bytes: Buffer.from(this.buffer!.subarray(offset, offset + slot.length)), meta: slot.meta };
  }

  /** Keys kept and not overwritten. */
  get size(): number {
    return this.slots.size;
  }

  /** Whether no later write has reached the slot's bytes: every write ends at most a capacity after the slot's start. */
  private holds(slot: Slot<Meta>): boolean {
    return this.written - slot.start <= this.capacity;
  }

  private forgetOverwritten(): void {
    for (const [key, slot] of this.slots) {
      if (this.holds(slot)) return;
      this.slots.delete(key);
    }
  }
}
