/** @module Counts of a subject's interactions per period, in total and per internal user, in one pass. */
import type { GraphState, PersonRecord } from "./graph-state.js";
import { activityIndexOf, countWindows, INDEXED_FROM, type ActivityIndex, type Positions, type Team } from "./activity-index.js";
import { indexMapPerKey } from "./index-map.js";

/** Counts per period (position for position with the period lengths given) and the latest interaction. */
export interface PeriodCounter {
  emails: number[];
  meetings: number[];
  lastAt: number | null;
}

/**
 * Per interaction slot, the number of the last {@link subjectSlots} call that listed it, reused call after call:
 * marking slots here instead of adding them to a Set (and leaving it to the garbage collector) took the
 * largest company of benchmark scale L (18,902 members, 217,000 interactions) from about 80 ms to count to
 * about 72; the rest is the pass over the interactions and their participants.
 */
let listedBy = new Uint32Array(0);
let listing = 0;

/** Spans of time (epoch milliseconds, both inclusive) per person: only their interactions within one count. */
export type PersonSpans = ReadonlyMap<PersonRecord, ReadonlyArray<readonly [number, number]>>;

/**
 * The subject's counted interactions: each interaction of several of its persons once, in the order first met; with
 * `within`, only those within one of their person's spans.
 */
function subjectSlots(state: GraphState, persons: readonly PersonRecord[], within?: PersonSpans): readonly number[] {
  if (persons.length === 1 && within === undefined) return persons[0]?.interactions ?? [];
  if (listedBy.length < state.table.size || listing === 0xffffffff) {
    listedBy = new Uint32Array(Math.max(state.table.size, listedBy.length));
    listing = 0;
  }
  listing += 1;
  const slots: number[] = [];
  const times = state.table.occurredAt;
  for (const person of persons) {
    const spans = within?.get(person);
    for (const slot of person.interactions) {
      if (listedBy[slot] === listing) continue;
      if (spans !== undefined && !spans.some(([from, to]) => times[slot]! >= from && times[slot]! <= to)) continue;
      listedBy[slot] = listing;
      slots.push(slot);
    }
  }
  return slots;
}

/** Per graph: the team's members by person index, each one's position among them. Reused call after call. */
const teamPositionsOf = indexMapPerKey<GraphState, number>();

function teamOf(state: GraphState): Team {
  const positions = teamPositionsOf(state);
  positions.begin(state.records.length);
  const users = [...state.personByUser.values()];
  users.forEach((user, at) => positions.set(user.index, at));
  return { users, positions };
}

/** The position of the shortest period an interaction `age` old falls in (the last length must be infinite). */
function bucketOf(age: number, periodLengths: readonly number[]): number {
  let bucket = 0;
  while (age > periodLengths[bucket]!) bucket += 1;
  return bucket;
}

/** Scratch of the per-user buckets, reused call after call (a count is synchronous); see countActivityByPeriod. */
let userBuckets = new Int32Array(0);
let userLastAt = new Float64Array(0);

/** A counter from `buckets` emails then as many meetings at `at`: a period's count is its bucket's and every shorter one's. */
function counterOf(buckets: Int32Array, at: number, periods: number, lastAt: number): PeriodCounter {
  const counter: PeriodCounter = { emails: new Array<number>(periods), meetings: new Array<number>(periods), lastAt };
  let emails = 0;
  let meetings = 0;
  for (let period = 0; period < periods; period += 1) {
    emails += buckets[at + period]!;
    meetings += buckets[at + periods + period]!;
    counter.emails[period] = emails;
    counter.meetings[period] = meetings;
  }
  return counter;
}

/**
 * Counts the subject's interactions (those of `persons`, each once) at or before `now`, per period of
 * `periodLengths` (ascending, the last infinite; an interaction counts in a period when its age is at most
 * the length): in total, and per internal user who took part, the subject's own users left out. With
 * `teamOnly`, the total counts only the interactions such a user took part in (the team's activity with the
 * subject); the per-user counts are the same either way. With `within`, a person's interactions count only within
 * one of their spans (a company's people while they were at it). A single
 * person with `INDEXED_FROM` interactions or more is counted from its activity index (activity-index.ts),
 * made at its first count: a busy contact's interactions number hundreds of thousands. Any other subject is
 * counted by {@link countByPass}.
 *
 * @example
 * const { total, byUser } = countActivityByPeriod(state, [dana], now, [30 * DAY, Number.POSITIVE_INFINITY]);
 * total.emails; // [emails in 30 days, emails ever]
 */
export function countActivityByPeriod(
  state: GraphState,
  persons: readonly PersonRecord[],
  now: number,
  periodLengths: readonly number[],
  teamOnly = false,
  within?: PersonSpans,
): { total: PeriodCounter; byUser: Map<PersonRecord, PeriodCounter> } {
  const busy = within === undefined && persons.length === 1 && persons[0]!.interactions.length >= INDEXED_FROM ? persons[0]! : null;
  if (busy !== null) return countFromIndex(state, activityIndexOf(state, busy, teamOf(state)), busy, now, periodLengths, teamOnly);
  return countByPass(state, persons, now, periodLengths, teamOnly, within);
}

/**
 * {@link countActivityByPeriod} by one pass over the subject's interactions and their participants, whatever
 * their number: each interaction adds one to the bucket of the shortest period it falls in, and a period's
 * count is the sum of the buckets up to its own. The activity index's tests compare it with this.
 */
export function countByPass(
  state: GraphState,
  persons: readonly PersonRecord[],
  now: number,
  periodLengths: readonly number[],
  teamOnly = false,
  within?: PersonSpans,
): { total: PeriodCounter; byUser: Map<PersonRecord, PeriodCounter> } {
  const { users, positions } = teamOf(state);
  const periods = periodLengths.length;
  const stride = 2 * periods;
  if (userBuckets.length < users.length * stride) {
    userBuckets = new Int32Array(users.length * stride);
    userLastAt = new Float64Array(users.length);
  }
  userBuckets.fill(0, 0, users.length * stride);
  userLastAt.fill(Number.NEGATIVE_INFINITY, 0, users.length);
  const totalBuckets = new Int32Array(stride);
  let totalLastAt = Number.NEGATIVE_INFINITY;
  const subjects = new Set(persons);
  const { occurredAt: times, start: starts, count: counts, participants } = state.table;
  for (const slot of subjectSlots(state, persons, within)) {
    const occurredAt = times[slot]!;
    if (occurredAt > now) continue;
    const bucket = (state.isMeeting(slot) ? periods : 0) + bucketOf(now - occurredAt, periodLengths);
    const start = starts[slot]!;
    const end = start + counts[slot]!;
    let teamTookPart = false;
    for (let position = start; position < end; position += 1) {
      const user = positions.get(participants[position]!);
      if (user === undefined) continue;
      userBuckets[user * stride + bucket] = userBuckets[user * stride + bucket]! + 1;
      if (occurredAt > userLastAt[user]!) userLastAt[user] = occurredAt;
      if (!subjects.has(users[user]!)) teamTookPart = true;
    }
    if (teamOnly && !teamTookPart) continue;
    totalBuckets[bucket] = totalBuckets[bucket]! + 1;
    if (occurredAt > totalLastAt) totalLastAt = occurredAt;
  }

  const byUser = new Map<PersonRecord, PeriodCounter>();
  users.forEach((user, at) => {
    if (userLastAt[at] === Number.NEGATIVE_INFINITY || subjects.has(user)) return;
    byUser.set(user, counterOf(userBuckets, at * stride, periods, userLastAt[at]!));
  });
  const total = counterOf(totalBuckets, 0, periods, totalLastAt);
  if (totalLastAt === Number.NEGATIVE_INFINITY) total.lastAt = null;
  return { total, byUser };
}

/** A period counter from an index's counts of one participant, each period's count its own (not summed). */
function counterFromWindows(state: GraphState, of: Positions, now: number, periodLengths: readonly number[]): PeriodCounter {
  const { lastAt, periods } = countWindows(of, state.table.occurredAt, now, periodLengths);
  return { emails: periods.map((period) => period.emails), meetings: periods.map((period) => period.meetings), lastAt };
}

/** {@link countActivityByPeriod} of one busy person, from its activity index: binary searches, not a pass. */
function countFromIndex(
  state: GraphState,
  index: ActivityIndex,
  subject: PersonRecord,
  now: number,
  periodLengths: readonly number[],
  teamOnly: boolean,
): { total: PeriodCounter; byUser: Map<PersonRecord, PeriodCounter> } {
  const byUser = new Map<PersonRecord, PeriodCounter>();
  index.team.forEach((user, at) => {
    const of = index.byUser[at];
    if (!of || user === subject) return;
    const counter = counterFromWindows(state, of, now, periodLengths);
    if (counter.lastAt !== null) byUser.set(user, counter);
  });
  return { total: counterFromWindows(state, teamOnly ? index.withTeam : index.whole, now, periodLengths), byUser };
}
