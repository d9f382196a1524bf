/**
 * @module Whether a person's interaction slots are in time order, so that a question about a window of time (the
 * reason window, what is upcoming) reads that window's slots and not every slot of a busy person.
 */

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

/** A person's slots and whether they are in time order (see {@link addSlot}). */
export interface SlotList {
  interactions: number[];
  interactionsByTime: boolean;
}

/**
 * Appends `slot` to `list`, which stays in time order when the slot is not earlier than the last (the usual
 * case: activity arrives as it happens, and a hydration from the store reads it in time order). An earlier
 * slot is still appended, not placed: the order of a person's slots is the order in which a pair's
 * aggregate is summed again, and that must stay the order in which it was first summed. The list is then
 * no longer in time order, and its readers scan every slot, as they would without the order.
 */
export function addSlot(list: SlotList, slot: number, occurredAt: Float64Array): void {
  const slots = list.interactions;
  if (list.interactionsByTime && slots.length > 0 && (occurredAt[slot] ?? 0) < (occurredAt[slots[slots.length - 1]!] ?? 0)) {
    list.interactionsByTime = false;
  }
  slots.push(slot);
}
