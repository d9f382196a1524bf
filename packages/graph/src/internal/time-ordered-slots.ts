/**
 * @module Whether a person's interaction slots are in time order, so that a question about a window of time (the
 * reason window, what is upcoming) reads that window's slots and not every slot of a busy person.
 */
import { exactlyExtended } from "./staged-appends.js";

/**
 * The first position in `slots` (ordered by `occurredAt`, earliest first) whose time is at or after `at`
 * (`slots.length` when none).
 */
export function firstPositionFrom(slots: readonly number[], occurredAt: Float64Array, at: number): number {
  return firstPositionPast(slots, occurredAt, at, true);
}

/**
 * The first position in `slots` (ordered by `occurredAt`, earliest first) whose time is after `at`
 * (`slots.length` when none).
 */
export function firstPositionAfter(slots: readonly number[], occurredAt: Float64Array, at: number): number {
  return firstPositionPast(slots, occurredAt, at, false);
}

/** Binary search: the first position whose time is after `at` (or equal to it, when `includingAt`). */
function firstPositionPast(slots: readonly number[], occurredAt: Float64Array, at: number, includingAt: boolean): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const time = occurredAt[slots[middle]!] ?? 0;
    if (time < at || (time === at && !includingAt)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A list's slots in time order, kept beside a list that is not (see {@link slotsInTimeOrder}). */
export interface TimeOrderedCopy {
  slots: number[];
  /** Slots placed inside it since it was made (see {@link addSlot}). */
  placed: number;
}

/** A person's slots, whether they are in time order, and their copy in time order when they are not. */
export interface SlotList {
  interactions: number[];
  interactionsByTime: boolean;
  /**
   * When `interactions` is not in time order: the same slots in time order, once a reader has asked for them
   * (see {@link slotsInTimeOrder}); null until then, and again once too many slots had to be placed inside it.
   */
  interactionsInTimeOrder: TimeOrderedCopy | null;
}

/**
 * Slots a copy takes inside it (each moves the slots after it) before it is dropped, to be made again when a
 * reader next asks: a few late arrivals keep it, a backfill of thousands does not pay for each.
 */
const PLACED_AT_MOST = 32;

/** Whether `slot` happened before the last slot of `slots`. */
function isEarlierThanLast(slots: readonly number[], slot: number, occurredAt: Float64Array): boolean {
  return slots.length > 0 && isEarlier(slot, slots[slots.length - 1]!, occurredAt);
}

function isEarlier(slot: number, than: number, occurredAt: Float64Array): boolean {
  return (occurredAt[slot] ?? 0) < (occurredAt[than] ?? 0);
}

/**
 * Appends `slot` to `list`, which stays in time order when the slot is not earlier than the last (the usual
 * case: activity arrives as it happens, and a hydration from the store reads it in time order). An earlier
 * slot is still appended, not placed: the order of a person's slots is the order in which a pair's
 * aggregate is summed again, and that must stay the order in which it was first summed. The list is then
 * no longer in time order, and its readers use its copy in time order (see {@link slotsInTimeOrder}), which
 * takes the slot at its end or, up to `PLACED_AT_MOST` times, at its place.
 */
export function addSlot(list: SlotList, slot: number, occurredAt: Float64Array): void {
  const slots = list.interactions;
  noteAppended(list, slots.length > 0 ? slots[slots.length - 1]! : -1, slot, occurredAt);
  slots.push(slot);
}

/**
 * Appends `values[start..end)` to `list` as {@link addSlot} would one by one, but makes the list once, at its
 * exact length (see staged-appends.ts).
 */
export function appendSlots(list: SlotList, values: Int32Array, start: number, end: number, occurredAt: Float64Array): void {
  const slots = list.interactions;
  let previous = slots.length > 0 ? slots[slots.length - 1]! : -1;
  for (let position = start; position < end; position += 1) {
    noteAppended(list, previous, values[position]!, occurredAt);
    previous = values[position]!;
  }
  list.interactions = exactlyExtended(slots, values, start, end, 1, 0);
}

/** Keeps `list`'s time order facts true as `slot` is appended after `previous` (-1 when the list is empty). */
function noteAppended(list: SlotList, previous: number, slot: number, occurredAt: Float64Array): void {
  const copy = list.interactionsInTimeOrder;
  if (list.interactionsByTime) {
    if (previous >= 0 && isEarlier(slot, previous, occurredAt)) list.interactionsByTime = false;
  } else if (copy !== null) {
    if (!isEarlierThanLast(copy.slots, slot, occurredAt)) copy.slots.push(slot);
    else if (copy.placed >= PLACED_AT_MOST) list.interactionsInTimeOrder = null;
    else {
      copy.slots.splice(firstPositionAfter(copy.slots, occurredAt, occurredAt[slot] ?? 0), 0, slot);
      copy.placed += 1;
    }
  }
}

/** Takes `slot` out of `list` and out of its copy in time order (both keep their order). */
export function removeSlot(list: SlotList, slot: number): void {
  removeValue(list.interactions, slot);
  if (list.interactionsInTimeOrder !== null) removeValue(list.interactionsInTimeOrder.slots, slot);
}

function removeValue(slots: number[], slot: number): void {
  const position = slots.lastIndexOf(slot);
  if (position >= 0) slots.splice(position, 1);
}

/**
 * The list's slots in time order, earliest first (equal times in no set order): the list itself when it is
 * in time order, else its copy in time order, sorted now if there is none. A copy is made only for a person
 * a reader asks about; the sort is adaptive, so a list that is mostly in order sorts in about one pass.
 */
export function slotsInTimeOrder(list: SlotList, occurredAt: Float64Array): readonly number[] {
  if (list.interactionsByTime) return list.interactions;
  list.interactionsInTimeOrder ??= {
    slots: list.interactions.slice().sort((left, right) => (occurredAt[left] ?? 0) - (occurredAt[right] ?? 0)),
    placed: 0,
  };
  return list.interactionsInTimeOrder.slots;
}
