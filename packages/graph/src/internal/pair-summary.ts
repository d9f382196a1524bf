/** @module Counts behind `rq_reason` and `interaction_count`: who interacted with whom, how often, how lately. */
import { DAY_MILLISECONDS } from "./dates.js";
import type { PairSummary } from "./edge-table.js";
import type { EvaluationContext, GraphState, PersonRecord, TeamPairScratch } from "./graph-state.js";
import { firstPositionAfter, firstPositionFrom, slotsInTimeOrder } from "./time-ordered-slots.js";

export type { PairSummary };

function emptySummary(): PairSummary {
  return { emails: 0, meetings: 0, windowEmails: 0, windowMeetings: 0, lastAt: null };
}

function count(summary: PairSummary, meeting: boolean, occurredAt: number, windowStart: number): void {
  if (meeting) summary.meetings += 1;
  else summary.emails += 1;
  if (occurredAt >= windowStart) {
    if (meeting) summary.windowMeetings += 1;
    else summary.windowEmails += 1;
  }
  if (summary.lastAt === null || occurredAt > summary.lastAt) summary.lastAt = occurredAt;
}

/**
 * The subject's pair summaries with the internal users it shares an edge with (an email pairs the sender
 * with each recipient; a meeting pairs all its participants), keyed by the user's person index; a user
 * without a counted past interaction has no entry. Each pair's totals come from its edge; the subject's
 * interactions are read for what the edge does not hold: the reason window's counts, and, for a pair with
 * an interaction after `now`, which of its interactions are past. Only the team's indices are looked up,
 * never a participant's record (a busy subject's interactions name thousands of people). Each summary is
 * remembered on the pair's edge as {@link summarizePair} does, so a repeated ranking of a busy target
 * rescans nothing.
 * @example summarizeTeamCounterparts(state, dana, context); // Map { ben.index => { emails: 1, ... } }
 */
export function summarizeTeamCounterparts(state: GraphState, subject: PersonRecord, context: EvaluationContext): Map<number, PairSummary> {
  const summaries = new Map<number, PairSummary>();
  const links = subject.internalLinks;
  if (links === null) return summaries;
  const now = context.now;
  const windowMilliseconds = context.parameters.reasonWindowDays * DAY_MILLISECONDS;
  if (rememberedOnEveryLink(state, links, now, windowMilliseconds, summaries)) return summaries;

  const team = state.teamScratch;
  team.begin(state.records.length);
  countInTimeOrder(state, subject, links, now, windowMilliseconds);
  for (let position = 0; position < links.length; position += 2) {
    const { summary, until } = team.get(links[position]!)!;
    // Remembered (as a copy) as summarizePair would: the next read of the pair, from either side, costs no scan.
    state.edges.rememberSummary(links[position + 1]!, summary, { from: now, until, windowMilliseconds });
    if (summary.lastAt !== null) summaries.set(links[position]!, summary);
  }
  return summaries;
}

type CounterpartVisitor = (index: number, meeting: boolean, occurredAt: number) => void;

/** Calls `visit` with each person the interaction at `slot` pairs the subject with, as the pair's edge counts it. */
function visitCounterparts(state: GraphState, subject: PersonRecord, slot: number, visit: CounterpartVisitor): void {
  const table = state.table;
  const occurredAt = table.occurredAt[slot] ?? 0;
  const start = table.start[slot] ?? 0;
  const end = start + (table.count[slot] ?? 0);
  if (state.isMeeting(slot)) {
    if (end - start > state.parameters.maximumMeetingAttendees) return;
    for (let position = start; position < end; position += 1) {
      const participant = table.participants[position] ?? -1;
      if (participant !== subject.index) visit(participant, true, occurredAt);
    }
  } else if (table.participants[start] === subject.index) {
    for (let position = start + 1; position < end; position += 1) visit(table.participants[position] ?? -1, false, occurredAt);
  } else {
    visit(table.participants[start] ?? -1, false, occurredAt);
  }
}

/**
 * The subject's slots in time order (`slotsInTimeOrder`): the totals are the edges', less each pair's interactions after `now`
 * (the last slots); the window is a run of slots found by its bounds; a pair with an interaction after `now`
 * finds its latest past one in the window or, going back from it, before. A busy subject's years of activity
 * before the window are not read.
 */
function countInTimeOrder(state: GraphState, subject: PersonRecord, links: number[], now: number, windowMilliseconds: number): void {
  const team = state.teamScratch;
  const occurred = state.table.occurredAt;
  const slots = slotsInTimeOrder(subject, occurred);
  const windowStart = now - windowMilliseconds;
  const pastEnd = firstPositionAfter(slots, occurred, now);
  const windowFrom = Math.min(firstPositionFrom(slots, occurred, windowStart), pastEnd);
  let aheadPairs = 0;
  for (let position = 0; position < links.length; position += 2) {
    const edge = links[position + 1]!;
    const ahead = state.edges.anchorAt(edge) > now;
    const summary = edgeTotals(state, edge);
    if (ahead) {
      summary.lastAt = null;
      aheadPairs += 1;
    }
    team.set(links[position]!, { summary, until: Infinity, ahead });
  }
  if (aheadPairs > 0) {
    const takeOffTotals: CounterpartVisitor = (index, meeting, occurredAt) => {
      const pair = team.get(index);
      if (pair === undefined) return;
      if (meeting) pair.summary.meetings -= 1;
      else pair.summary.emails -= 1;
      if (occurredAt < pair.until) pair.until = occurredAt;
    };
    for (let position = pastEnd; position < slots.length; position += 1) visitCounterparts(state, subject, slots[position]!, takeOffTotals);
  }
  const countInWindow: CounterpartVisitor = (index, meeting, occurredAt) => {
    const pair = team.get(index);
    if (pair === undefined) return;
    if (meeting) pair.summary.windowMeetings += 1;
    else pair.summary.windowEmails += 1;
    // Slots come earliest first: the last one seen is the pair's latest past interaction.
    if (pair.ahead) pair.summary.lastAt = occurredAt;
    pair.until = Math.min(pair.until, occurredAt + windowMilliseconds);
  };
  for (let position = windowFrom; position < pastEnd; position += 1) visitCounterparts(state, subject, slots[position]!, countInWindow);
  if (aheadPairs === 0) return;

  let unresolved = 0;
  const needsLatest = (pair: TeamPairScratch) => pair.ahead && pair.summary.lastAt === null && pair.summary.emails + pair.summary.meetings > 0;
  for (let position = 0; position < links.length; position += 2) if (needsLatest(team.get(links[position]!)!)) unresolved += 1;
  const takeLatest: CounterpartVisitor = (index, _meeting, occurredAt) => {
    const pair = team.get(index);
    if (pair === undefined || !needsLatest(pair)) return;
    pair.summary.lastAt = occurredAt;
    unresolved -= 1;
  };
  for (let position = windowFrom - 1; position >= 0 && unresolved > 0; position -= 1) visitCounterparts(state, subject, slots[position]!, takeLatest);
}

/** A pair's totals and last date from its edge, which holds every interaction of the pair (none after `now`); no window counts yet. */
function edgeTotals(state: GraphState, edge: number): PairSummary {
  const { edges } = state;
  const emails = edges.emailCount(edge);
  const meetings = edges.meetingCount(edge);
  return { emails, meetings, windowEmails: 0, windowMeetings: 0, lastAt: emails + meetings > 0 ? edges.anchorAt(edge) : null };
}

/** Fills `summaries` from the pairs' remembered summaries; false (and nothing to use) when one is missing. */
function rememberedOnEveryLink(state: GraphState, links: number[], now: number, windowMilliseconds: number, summaries: Map<number, PairSummary>): boolean {
  for (let position = 0; position < links.length; position += 2) {
    const remembered = state.edges.summary(links[position + 1]!, now, windowMilliseconds);
    if (remembered === undefined) {
      summaries.clear();
      return false;
    }
    if (remembered.lastAt !== null) summaries.set(links[position]!, remembered);
  }
  return true;
}

/**
 * Summary of one pair, scanning the interactions of whichever person has fewer. The result is remembered on
 * the pair's edge until an interaction of the pair becomes past or leaves the reason window (or the edge
 * changes): repeated reads about a busy pair cost no rescan.
 * @example summarizePair(state, ben, dana, context); // { emails: 1, meetings: 1, windowEmails: 1, windowMeetings: 1, lastAt: ... }
 */
export function summarizePair(state: GraphState, first: PersonRecord, second: PersonRecord, context: EvaluationContext): PairSummary {
  const summary = emptySummary();
  if (first === second) return summary;
  const edge = state.edgeSlot(first, second);
  // Every counted interaction of a pair is on its edge: no edge, nothing to count.
  if (edge < 0) return summary;
  const now = context.now;
  const windowMilliseconds = context.parameters.reasonWindowDays * DAY_MILLISECONDS;
  const remembered = state.edges.summary(edge, now, windowMilliseconds);
  if (remembered !== undefined) return remembered;
  const smaller = first.interactions.length <= second.interactions.length ? first : second;
  const windowStart = now - windowMilliseconds;
  let until = Infinity;
  for (const slot of smaller.interactions) {
    const occurredAt = state.table.occurredAt[slot] ?? 0;
    if (Number.isNaN(state.pairFactor(slot, first.index, second.index, 0))) continue;
    if (occurredAt > now) {
      until = Math.min(until, occurredAt);
      continue;
    }
    count(summary, state.isMeeting(slot), occurredAt, windowStart);
    // In the window while now <= occurredAt + window: recount from then on (a bound on the safe side).
    if (occurredAt >= windowStart) until = Math.min(until, occurredAt + windowMilliseconds);
  }
  state.edges.rememberSummary(edge, summary, { from: now, until, windowMilliseconds });
  return summary;
}
