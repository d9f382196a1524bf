/**
 * @module What the rankings share when asked in another order or within a time range of the latest interaction:
 * reading those options, the latest counted interaction of a user-person pair and of the team with a person or a
 * company, and keeping and sorting the candidates by them.
 */
import type { ScoredCandidate } from "./best-ranked.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./graph-state.js";
import { summarizePair } from "./pair-summary.js";
import { compareUuids } from "./scores.js";
import { requireOneOf, requireTime } from "./validate.js";
import { SORT_ORDERS, type SortOrder } from "../types.js";

/** A ranking's order and time range, read from its options; `timed` when they differ from its default ranking. */
export interface TimedRankingSettings<Sort extends string> {
  sortBy: Sort;
  order: SortOrder;
  from: number;
  to: number;
  /** Sorted by the score (the ranking's default field) rather than by the latest interaction. */
  byScore: boolean;
  timed: boolean;
}

/** A candidate with its latest counted interaction. */
export interface TimedCandidate extends ScoredCandidate {
  lastAt: number;
}

/**
 * Reads `sortBy` (default `scoreSort`, the ranking's score), `order` (default `desc`), `lastActivityFrom` and
 * `lastActivityTo` of `functionName`'s options, refusing a value out of its set or not a time.
 */
export function timedRankingSettings<Sort extends string>(
  functionName: string,
  options: { sortBy?: Sort | undefined; order?: SortOrder | undefined; lastActivityFrom?: number | undefined; lastActivityTo?: number | undefined },
  sortFields: readonly Sort[],
  scoreSort: Sort,
): TimedRankingSettings<Sort> {
  const sortBy = options.sortBy === undefined ? scoreSort : requireOneOf(functionName, "sortBy", options.sortBy, sortFields);
  const order = options.order === undefined ? "desc" : requireOneOf(functionName, "order", options.order, SORT_ORDERS);
  const from = options.lastActivityFrom === undefined ? -Infinity : requireTime(functionName, "lastActivityFrom", options.lastActivityFrom);
  const to = options.lastActivityTo === undefined ? Infinity : requireTime(functionName, "lastActivityTo", options.lastActivityTo);
  const byScore = sortBy === scoreSort;
  return { sortBy, order, from, to, byScore, timed: !byScore || order !== "desc" || from !== -Infinity || to !== Infinity };
}

/** The candidates whose latest interaction is in the settings' range, sorted by their key in their order, then uuid ascending. */
export function inRangeSorted<T extends TimedCandidate>(candidates: readonly T[], settings: TimedRankingSettings<string>): T[] {
  const direction = settings.order === "desc" ? -1 : 1;
  const key = settings.byScore ? (candidate: T) => candidate.score : (candidate: T) => candidate.lastAt;
  const matches = candidates.filter((candidate) => candidate.lastAt >= settings.from && candidate.lastAt <= settings.to);
  return matches.sort((left, right) => direction * (key(left) - key(right)) || compareUuids(left.uuid, right.uuid));
}

/** Whether a candidate's latest interaction lies in the settings' inclusive range. */
export const inRange = (lastAt: number, settings: TimedRankingSettings<string>): boolean => lastAt >= settings.from && lastAt <= settings.to;

/**
 * The first `wanted` of `matches` in the order {@link inRangeSorted} sorts them (their key in the settings' order, then
 * uuid ascending), without sorting them all: the keys alone are sorted (numbers, no comparator) to find the last key
 * the page reaches, and only the matches up to it (ties at it included) are sorted whole. A first page of thousands
 * of matches sorts a page's worth.
 */
export function firstInOrder<T extends TimedCandidate>(matches: readonly T[], settings: TimedRankingSettings<string>, wanted: number): T[] {
  const direction = settings.order === "desc" ? -1 : 1;
  const key = settings.byScore ? (candidate: T) => direction * candidate.score : (candidate: T) => direction * candidate.lastAt;
  const byKeyThenUuid = (left: T, right: T) => key(left) - key(right) || compareUuids(left.uuid, right.uuid);
  if (wanted >= matches.length) return [...matches].sort(byKeyThenUuid);
  const keys = new Float64Array(matches.length);
  for (let at = 0; at < matches.length; at += 1) keys[at] = key(matches[at]!);
  keys.sort();
  const last = keys[wanted - 1]!;
  return matches
    .filter((candidate) => key(candidate) <= last)
    .sort(byKeyThenUuid)
    .slice(0, wanted);
}

/**
 * The pair's latest counted interaction at or before `now` (the user ranking's `last_activity_at`). The edge's anchor
 * is its latest interaction, so it is the answer unless it lies after `now` (an upcoming meeting) or the call's
 * parameters make the stored aggregate unusable: then the pair's summary (remembered on the edge, as the entries'
 * reasons read it) tells.
 */
export function pairLastActivity(state: GraphState, user: PersonRecord, record: PersonRecord, edge: number, context: EvaluationContext): number | null {
  const anchorAt = state.edges.anchorAt(edge);
  if (context.storedAggregatesUsable && anchorAt <= context.now) return anchorAt;
  return summarizePair(state, user, record, context).lastAt;
}

/**
 * The team's latest counted interaction with an external person at `now`: the latest {@link pairLastActivity} over
 * its edges to internal users, so a meeting over the attendee limit or an email no user is on counts for nothing.
 * The graph keeps each person's latest team interaction; when it is not after `now` it is the answer with no read
 * of the person's links.
 */
export function teamLastActivity(state: GraphState, record: PersonRecord, context: EvaluationContext): number | null {
  const links = record.internalLinks;
  if (links === null) return null;
  if (context.storedAggregatesUsable) {
    const kept = state.latestTeamInteractions.of(record.index, state.records, state.edges);
    if (kept <= context.now) return kept === -Infinity ? null : kept;
  }
  let latest: number | null = null;
  for (let position = 0; position < links.length; position += 2) {
    const edge = links[position + 1]!;
    if (state.edges.interactionCount(edge) === 0) continue;
    const last = pairLastActivity(state, state.record(links[position]!), record, edge, context);
    if (last !== null && (latest === null || last > latest)) latest = last;
  }
  return latest;
}

/** The team's latest counted interaction with a company at `now`: the latest {@link teamLastActivity} of its current external members. */
export function companyTeamLastActivity(state: GraphState, companyUuid: string, context: EvaluationContext): number | null {
  const members = state.externalMemberLists.of(companyUuid, state.companyMembers.get(companyUuid));
  let latest: number | null = null;
  for (const member of members) {
    const last = teamLastActivity(state, state.record(member), context);
    if (last !== null && (latest === null || last > latest)) latest = last;
  }
  return latest;
}
