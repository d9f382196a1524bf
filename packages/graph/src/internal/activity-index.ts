/**
 * @module A busy person's interactions laid out for counting by period: the slots of its emails and of its
 * meetings in time order, and the same per internal user who took part. A period's counts are
 * then binary searches, where a pass over the person's interactions and their participants took
 * milliseconds for a contact with hundreds of thousands of them. An index holds about 4 bytes per
 * interaction of the person (twice for one the team took part in) and per team participation in them, until one
 * of them changes.
 */
import type { GraphState, PersonRecord } from "./graph-state.js";
import type { IndexMap } from "./index-map.js";
import { slotsInTimeOrder } from "./time-ordered-slots.js";

/**
 * What one participant (the person, or one internal user with it) took part in: the slots of its emails and
 * of its meetings, each in time order.
 */
export interface Positions {
  emails: Int32Array;
  meetings: Int32Array;
}

/** A person's interactions as counted by period; valid until one of them changes, or the team does. */
export interface ActivityIndex {
  whole: Positions;
  /** What an internal user other than the person took part in: the team's activity with the person. */
  withTeam: Positions;
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

/** The internal users in `GraphState.personByUser` order, and each one's place among them by person index. */
export interface Team {
  users: readonly PersonRecord[];
  positions: IndexMap<number>;
}

/**
 * The person's index for `team`, made now when the person has none or the team has changed since.
 * `GraphState.index` and `unindex` drop it when one of the person's interactions changes.
 */
export function activityIndexOf(state: GraphState, person: PersonRecord, team: Team): ActivityIndex {
  const kept = person.activityIndex;
  if (kept !== null && sameTeam(kept.team, team.users)) return kept;
  const index = buildActivityIndex(state, person, team);
  person.activityIndex = index;
  return index;
}

function sameTeam(left: readonly PersonRecord[], right: readonly PersonRecord[]): boolean {
  if (left.length !== right.length) return false;
  for (let at = 0; at < left.length; at += 1) if (left[at] !== right[at]) return false;
  return true;
}

interface GrowingSlots {
  emails: number[];
  meetings: number[];
}

function buildActivityIndex(state: GraphState, person: PersonRecord, team: Team): ActivityIndex {
  const { occurredAt, start: starts, count: counts, participants } = state.table;
  const whole: GrowingSlots = { emails: [], meetings: [] };
  const withTeam: GrowingSlots = { emails: [], meetings: [] };
  const byUser: Array<GrowingSlots | null> = team.users.map(() => null);
  for (const slot of slotsInTimeOrder(person, occurredAt)) {
    const kind = state.isMeeting(slot) ? "meetings" : "emails";
    whole[kind].push(slot);
    const end = starts[slot]! + counts[slot]!;
    let teamTookPart = false;
    for (let at = starts[slot]!; at < end; at += 1) {
      const user = team.positions.get(participants[at]!);
      if (user === undefined) continue;
      (byUser[user] ??= { emails: [], meetings: [] })[kind].push(slot);
      if (team.users[user] !== person) teamTookPart = true;
    }
    if (teamTookPart) withTeam[kind].push(slot);
  }
  const frozen = (grown: GrowingSlots): Positions => ({ emails: Int32Array.from(grown.emails), meetings: Int32Array.from(grown.meetings) });
  return { whole: frozen(whole), withTeam: frozen(withTeam), team: [...team.users], byUser: byUser.map((grown) => (grown === null ? null : frozen(grown))) };
}

/** The first of `slots` (in time order) whose interaction is after `now` (their number when none). */
function firstAfter(times: Float64Array, slots: Int32Array, now: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (times[slots[middle]!]! <= now) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first of `slots` (in time order) whose interaction's age at `now` is at most `length` (the pass's own comparison). */
function firstWithin(times: Float64Array, slots: Int32Array, now: number, length: number): number {
  let low = 0;
  let high = slots.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (now - times[slots[middle]!]! > length) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * For one participant of an index (`index.whole`, `index.withTeam`, or an entry of `index.byUser`): the latest time at or
 * before `now` (null when none), and the emails and meetings of each period, whose lengths are
 * `periodLengths`. An interaction counts in a period when it is not after `now` and `now` minus its time is at
 * most the period's length. `times` is the interaction table's `occurredAt`.
 */
export function countWindows(
  of: Positions,
  times: Float64Array,
  now: number,
  periodLengths: readonly number[],
): { lastAt: number | null; periods: WindowCounts[] } {
  const emailsEnd = firstAfter(times, of.emails, now);
  const meetingsEnd = firstAfter(times, of.meetings, now);
  const latestEmail = emailsEnd === 0 ? null : times[of.emails[emailsEnd - 1]!]!;
  const latestMeeting = meetingsEnd === 0 ? null : times[of.meetings[meetingsEnd - 1]!]!;
  const lastAt = latestEmail === null ? latestMeeting : latestMeeting === null ? latestEmail : Math.max(latestEmail, latestMeeting);
  const periods = periodLengths.map((length) => ({
    emails: emailsEnd - Math.min(emailsEnd, firstWithin(times, of.emails, now, length)),
    meetings: meetingsEnd - Math.min(meetingsEnd, firstWithin(times, of.meetings, now, length)),
  }));
  return { lastAt, periods };
}
