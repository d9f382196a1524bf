/**
 * @module What the rankings share when asked in another order or within a time range of the latest interaction:
 * reading those options, and keeping and sorting the candidates by them.
 */
import type { ScoredCandidate } from "./best-ranked.js";
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
