/** @module Counts behind `rq_reason` and `interaction_count`: who interacted with whom, how often, how lately. */
import { DAY_MILLISECONDS } from "./dates.js";
import type { PairSummary } from "./edge-table.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./graph-state.js";

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
 * One pass over the subject's interactions, summarising each counterpart it is paired with (an email pairs
 * the sender with each recipient; a meeting pairs all its participants) for which `accept` holds.
 * @example summarizeCounterparts(state, dana, context, (person) => person.userUuid !== null); // Map { ben => { emails: 1, ... } }
 */
export function summarizeCounterparts(
  state: GraphState,
  subject: PersonRecord,
  context: EvaluationContext,
  accept: (counterpart: PersonRecord) => boolean,
): Map<PersonRecord, PairSummary> {
  const summaries = new Map<PersonRecord, PairSummary>();
  const table = state.table;
  const windowStart = context.now - context.parameters.reasonWindowDays * DAY_MILLISECONDS;
  const visit = (index: number, meeting: boolean, occurredAt: number): void => {
    const counterpart = state.record(index);
    if (!accept(counterpart)) return;
    let summary = summaries.get(counterpart);
    if (summary === undefined) {
      summary = emptySummary();
      summaries.set(counterpart, summary);
    }
    count(summary, meeting, occurredAt, windowStart);
  };
  for (const slot of subject.interactions) {
    const occurredAt = table.occurredAt[slot] ?? 0;
    if (occurredAt > context.now) continue;
    const start = table.start[slot] ?? 0;
    const end = start + (table.count[slot] ?? 0);
    const meeting = state.isMeeting(slot);
    if (meeting) {
      if (end - start > state.parameters.maximumMeetingAttendees) continue;
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
  return summaries;
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
  if (remembered !== undefined) return { ...remembered };
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
  return { ...summary };
}
