/**
 * @module Columnar store of interactions. Millions of small objects would cost several times the memory
 * of these typed arrays; participants are person indices in one flat Int32Array.
 */
import { grown } from "./grown-array.js";
import { InteractionIds } from "./interaction-ids.js";

export const MEETING = 1;
export const CANCELLED = 2;
/** The slot holds a live interaction (not removed). */
export const ACTIVE = 4;
/** The interaction counts: active, not cancelled, at least two distinct participants. */
export const INDEXED = 8;

/**
 * Interactions by slot: time, kind flags, leader and participants (person indices).
 *
 * @example
 * const table = new InteractionTable();
 * const slot = table.allocate("e1");
 * table.setParticipants(slot, [0, 1]);
 */
export class InteractionTable {
  /** Slots handed out so far (removed slots are not reused). */
  size = 0;
  capacity = 1024;
  readonly ids = new InteractionIds();
  occurredAt = new Float64Array(1024);
  flags = new Uint8Array(1024);
  /** Sender of an email, organizer of a meeting (or -1); always also listed in the participants. */
  leader = new Int32Array(1024);
  start = new Uint32Array(1024);
  count = new Uint32Array(1024);
  /** Distinct participants; for an email the sender comes first. */
  participants = new Int32Array(4096);
  participantsUsed = 0;
  private participantsGarbage = 0;
  readonly titles = new Map<number, string>();

  allocate(id: string): number {
    if (this.size === this.capacity) {
      const capacity = this.capacity * 2;
      this.occurredAt = grown(this.occurredAt, capacity);
      this.flags = grown(this.flags, capacity);
      this.leader = grown(this.leader, capacity);
      this.start = grown(this.start, capacity);
      this.count = grown(this.count, capacity);
      this.capacity = capacity;
    }
    const slot = this.size;
    this.size += 1;
    this.ids.set(id, slot);
    return slot;
  }

  /** Whether the person at `index` takes part in the slot's interaction. */
  hasParticipant(slot: number, index: number): boolean {
    const start = this.start[slot] ?? 0;
    const end = start + (this.count[slot] ?? 0);
    for (let position = start; position < end; position += 1) if (this.participants[position] === index) return true;
    return false;
  }

  /** Writes a slot's participant list, in place when it fits, else at the end of the flat array. */
  setParticipants(slot: number, indices: readonly number[]): void {
    const previous = this.count[slot] ?? 0;
    if (indices.length <= previous) {
      const start = this.start[slot] ?? 0;
      for (let position = 0; position < indices.length; position += 1) this.participants[start + position] = indices[position] ?? -1;
      this.participantsGarbage += previous - indices.length;
      this.count[slot] = indices.length;
      return;
    }
    this.participantsGarbage += previous;
    if (this.participantsGarbage > 1_000_000 && this.participantsGarbage * 2 > this.participantsUsed) this.compact();
    const needed = this.participantsUsed + indices.length;
    if (needed > this.participants.length) {
      this.participants = grown(this.participants, Math.max(needed, this.participants.length * 2));
    }
    const start = this.participantsUsed;
    for (let position = 0; position < indices.length; position += 1) this.participants[start + position] = indices[position] ?? -1;
    this.start[slot] = start;
    this.count[slot] = indices.length;
    this.participantsUsed = needed;
  }

  /** Drops the spare capacity left by doubling (called once a hydration is complete). */
  trim(): void {
    this.ids.trim(this.size);
    const capacity = Math.max(1024, this.size);
    if (capacity < this.capacity) {
      this.occurredAt = this.occurredAt.slice(0, capacity);
      this.flags = this.flags.slice(0, capacity);
      this.leader = this.leader.slice(0, capacity);
      this.start = this.start.slice(0, capacity);
      this.count = this.count.slice(0, capacity);
      this.capacity = capacity;
    }
    if (this.participants.length > Math.max(4096, this.participantsUsed)) {
      this.participants = this.participants.slice(0, Math.max(4096, this.participantsUsed));
    }
  }

  /** Frees a removed slot's id and participants; the slot itself stays allocated but inactive. */
  release(slot: number): void {
    this.ids.deleteSlot(slot);
    this.flags[slot] = 0;
    this.titles.delete(slot);
    this.participantsGarbage += this.count[slot] ?? 0;
    this.count[slot] = 0;
  }

  /** Rewrites the flat participant array without the space of removed or shrunk lists. */
  private compact(): void {
    const next = new Int32Array(Math.max(4096, this.participantsUsed - this.participantsGarbage));
    let used = 0;
    for (let slot = 0; slot < this.size; slot += 1) {
      const count = this.count[slot] ?? 0;
      const start = this.start[slot] ?? 0;
      next.set(this.participants.subarray(start, start + count), used);
      this.start[slot] = used;
      used += count;
    }
    this.participants = next;
    this.participantsUsed = used;
    this.participantsGarbage = 0;
  }
}
