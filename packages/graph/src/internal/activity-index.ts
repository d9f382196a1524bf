/**
 * @module A busy person's interactions laid out for counting by period: the positions of its emails and of its
 * meetings among its slots in time order, and the same per internal user who took part. A period's counts are
 * then binary searches, where a pass over the person's interactions and their participants took
 * milliseconds for a contact with hundreds of thousands of them. An index holds about 4 bytes per
 * interaction of the person and per team participation in them, until one of them changes.
 */
import type { GraphState, PersonRecord } from "./graph-state.js";
import { slotsInTimeOrder } from "./time-ordered-slots.js";

/**
 * What one participant (the person, or one internal user with it) took part in: positions in the person's
 * slots in time order, ascending, its emails apart from its meetings.
 */
export interface Positions {
  emails: Int32Array;
  meetings: Int32Array;
}

/** A person's interactions as counted by period; valid until one of them changes, or the team does. */
export interface ActivityIndex {
  /**
   * The person's slots in time order (see `slotsInTimeOrder`): the list itself or its copy, which change only
   * with the person's interactions, and those drop the index.
   */
  slots: readonly number[];
  whole: Positions;
  /** The team the index was made for, in `GraphState.personByUser` order, and what each took part in (null: nothing). */
  team: PersonRecord[];
  byUser: Array<Positions | null>;
}

/** Counts of one participant over one period. */
export interface WindowCounts {
  emails: number;
  meetings: number;
}

/** Interactions a person needs before an index pays for itself over a pass (and the memory it holds). */
export const INDEXED_FROM = 256;

/**
 * The person's index for `team` (the internal users in `GraphState.personByUser` order), made now when the
 * person has none or the team has changed since. `GraphState.index` and `unindex` drop it when one of the
 * person's interactions changes.
 */
export function activityIndexOf(state: GraphState, person: PersonRecord, team: readonly PersonRecord[]): ActivityIndex {
  const kept = person.activityIndex;
  if (kept !== null && sameTeam(kept.team, team)) return kept;
  const index = buildActivityIndex(state, person, team);
  person.activityIndex = index;
  return index;
}

function sameTeam(left: readonly PersonRecord[], right: readonly PersonRecord[]): boolean {
  if (left.length !== right.length) return false;
  for (let at = 0; at < left.length; at += 1) if (left[at] !== right[at]) return false;
  return true;
}

function buildActivityIndex(state: GraphState, person: PersonRecord, team: readonly PersonRecord[]): ActivityIndex {
  const { occurredAt, start: starts, count: counts, participants } = state.table;
  const slots = slotsInTimeOrder(person, occurredAt);
  const teamPosition = new Map<number, number>();
  team.forEach((user, at) => teamPosition.set(user.index, at));
  const whole: GrowingPositions = { emails: [], meetings: [] };
  const byUser: Array<GrowingPositions | null> = team.map(() => null);
  for (let position = 0; position < slots.length; position += 1) {
    const slot = slots[position]!;
    const kind = state.isMeeting(slot) ? "meetings" : "emails";
    whole[kind].push(position);
    const end = starts[slot]! + counts[slot]!;
    for (let at = starts[slot]!; at < end; at += 1) {
      const user = teamPosition.get(participants[at]!);
      if (user === undefined) continue;
      (byUser[user] ??= { emails: [], meetings: [] })[kind].push(position);
    }
  }
  const frozen = (grown: GrowingPositions): Positions => ({ emails: Int32Array.from(grown.emails), meetings: Int32Array.from(grown.meetings) });
  return { slots, whole: frozen(whole), team: [...team], byUser: byUser.map((grown) => (grown === null ? null : frozen(grown))) };
}

interface GrowingPositions {
  emails: number[];
  meetings: number[];
}

/** The first of `positions` whose interaction is after `now` (their number when none). */
function firstAfter(times: Float64Array, slots: readonly number[], positions: Int32Array, now: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[slots[positions[middle]!]!]! <= now) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first of `positions` whose interaction's age at `now` is at most `length` (the comparison of the pass it replaces). */
function firstWithin(times: Float64Array, slots: readonly number[], positions: Int32Array, now: number, length: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (now - times[slots[positions[middle]!]!]! > length) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * For one participant of the index (`index.whole`, or an entry of `index.byUser`): the latest time at or
 * before `now` (null when none), and the emails and meetings of each period, whose lengths are
 * `periodLengths`. An interaction counts in a period when it is not after `now` and `now` minus its time is at
 * most the period's length. `times` is the interaction table's `occurredAt`.
 */
export function countWindows(
  index: ActivityIndex,
  of: Positions,
  times: Float64Array,
  now: number,
  periodLengths: readonly number[],
): { lastAt: number | null; periods: WindowCounts[] } {
  const { slots } = index;
  const emailsEnd = firstAfter(times, slots, of.emails, now);
  const meetingsEnd = firstAfter(times, slots, of.meetings, now);
  const latestOf = (positions: Int32Array, end: number) => (end === 0 ? null : times[slots[positions[end - 1]!]!]!);
  const latestEmail = latestOf(of.emails, emailsEnd);
  const latestMeeting = latestOf(of.meetings, meetingsEnd);
  const lastAt = latestEmail === null ? latestMeeting : latestMeeting === null ? latestEmail : Math.max(latestEmail, latestMeeting);
  const periods = periodLengths.map((length) => ({
    emails: emailsEnd - Math.min(emailsEnd, firstWithin(times, slots, of.emails, now, length)),
    meetings: meetingsEnd - Math.min(meetingsEnd, firstWithin(times, slots, of.meetings, now, length)),
  }));
  return { lastAt, periods };
}
