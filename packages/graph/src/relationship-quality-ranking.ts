/** @module The persons one internal user knows, ranked by RQ or by their latest interaction, optionally within a time range. */
import { BestRanked, compareRanked, type ScoredCandidate } from "./internal/best-ranked.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./internal/graph-state.js";
import { RELATIONSHIP_QUALITY_RANKING_OPTION_NAMES } from "./internal/option-names.js";
import { inRangeSorted, pairLastActivity, timedRankingSettings, type TimedCandidate, type TimedRankingSettings } from "./internal/timed-ranking.js";
import { optionalCount, requireCount, requireOptions, requireUuid } from "./internal/validate.js";
import { qualityOf } from "./relationship-quality.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import { RELATIONSHIP_SORT_FIELDS, type RankingOptions, type RankingPage, type RelationshipQuality, type RelationshipSortField, type SortOrder } from "./types.js";

const FUNCTION_NAME = "relationshipQualityRanking";

/** Options of {@link relationshipQualityRanking}: a ranking's, and what it is sorted by and which pairs it keeps. */
export interface RelationshipQualityRankingOptions extends RankingOptions {
  /** `rq` (the default) or `last_activity`, the pair's latest counted interaction at or before `now`; ties by uuid. */
  sortBy?: RelationshipSortField | undefined;
  /** Default `desc`: the strongest, or the latest, first. */
  order?: SortOrder | undefined;
  /** Only pairs whose latest counted interaction is at or after this instant (epoch ms). */
  lastActivityFrom?: number | undefined;
  /** Only pairs whose latest counted interaction is at or before this instant (epoch ms). */
  lastActivityTo?: number | undefined;
}

interface Candidate extends ScoredCandidate {
  record: PersonRecord;
}

interface TimedRecord extends Candidate, TimedCandidate {}

/**
 * The external persons an internal user knows, by the user's RQ descending, ties by uuid: the entries from
 * `offset` on, at most `limit`, and how many there are. Persons without a counted interaction with the user at
 * `now` are left out. Each entry is what {@link relationshipQuality} answers for the pair.
 *
 * With `lastActivityFrom`/`lastActivityTo` only the pairs whose latest counted interaction (the entry's
 * `last_activity_at`) lies in that inclusive range are ranked and counted; `sortBy: "last_activity"` orders by that
 * time instead of RQ, and `order: "asc"` reverses either (ties stay by uuid ascending). "Who did I deal with since
 * yesterday" is then one page, not a scan of every page of the RQ ranking.
 *
 * Every neighbour is scored from its edge's stored aggregate; only the entries answered pay for their reason
 * (a pass over the pair's interactions), so the cost follows the user's neighbours, not their interactions.
 *
 * @param graph - The relationship graph.
 * @param userUuid - An internal user (see `graph.markInternal`); an unknown one has an empty ranking.
 * @param options - `now` (epoch ms), optional parameter overrides, `offset` (default 0), `limit` (at least 1), and
 *   optionally `sortBy`, `order`, `lastActivityFrom` and `lastActivityTo`.
 * @returns `{ total, entries }`: `entries` are RQs, strongest first.
 *
 * @example
 * import { relationshipQualityRanking } from "@rapport/graph";
 * relationshipQualityRanking(graph, "user-ben", { now: Date.UTC(2026, 11, 1), limit: 10 });
 * // { total: 1, entries: [{ person_uuid: "dana", rq: 0.2, rq_reason: "1 email and 1 meeting in the last 90 days, ...", ... }] }
 * relationshipQualityRanking(graph, "user-ben", { now, limit: 10, sortBy: "last_activity", lastActivityFrom: now - 86_400_000 });
 * // the persons Ben emailed or met in the last day, the latest first
 */
export function relationshipQualityRanking(graph: RelationshipGraph, userUuid: string, options: RelationshipQualityRankingOptions): RankingPage<RelationshipQuality> {
  const state = stateOf(FUNCTION_NAME, graph);
  requireOptions(FUNCTION_NAME, options, RELATIONSHIP_QUALITY_RANKING_OPTION_NAMES);
  const context = createEvaluationContext(FUNCTION_NAME, state, options);
  const user = state.personByUser.get(requireUuid(FUNCTION_NAME, "userUuid", userUuid));
  const offset = optionalCount(FUNCTION_NAME, "offset", options.offset, 0, 0);
  const limit = requireCount(FUNCTION_NAME, "limit", options.limit, 1);
  const settings = timedRankingSettings(FUNCTION_NAME, options, RELATIONSHIP_SORT_FIELDS, "rq");
  if (user === undefined) return { total: 0, entries: [] };
  if (settings.timed) {
    return timedRanking(state, user, context, settings, offset, limit);
  }
  const wanted = offset + limit;
  const { neighbours, neighbourEdges } = user;
  // Kept as they come when the page is short next to the neighbours; else all sorted once.
  const best = new BestRanked<Candidate>(wanted);
  const all: Candidate[] = [];
  const keepAll = 8 * wanted >= neighbours.length;
  let total = 0;
  for (let position = 0; position < neighbours.length; position += 1) {
    const record = state.record(neighbours[position]!);
    if (record.userUuid !== null) continue;
    const score = state.scoreAt(user.index, record.index, neighbourEdges[position]!, context);
    if (score < 0) continue;
    total += 1;
    const candidate = { uuid: record.uuid, score, record };
    if (keepAll) all.push(candidate);
    else best.offer(candidate);
  }
  const ranked = keepAll ? all.sort(compareRanked).slice(0, wanted) : best.entries;
  return { total, entries: ranked.slice(offset).map(({ record }) => qualityOf(state, user, record, record.uuid, context)) };
}

/** The ranking in another order or within a time range: every neighbour's latest interaction is read, the matches sorted. */
function timedRanking(
  state: GraphState,
  user: PersonRecord,
  context: EvaluationContext,
  settings: TimedRankingSettings<RelationshipSortField>,
  offset: number,
  limit: number,
): RankingPage<RelationshipQuality> {
  const { neighbours, neighbourEdges } = user;
  const candidates: TimedRecord[] = [];
  for (let position = 0; position < neighbours.length; position += 1) {
    const record = state.record(neighbours[position]!);
    if (record.userUuid !== null) continue;
    const edge = neighbourEdges[position]!;
    const score = state.scoreAt(user.index, record.index, edge, context);
    if (score < 0) continue;
    const lastAt = pairLastActivity(state, user, record, edge, context);
    if (lastAt !== null) candidates.push({ uuid: record.uuid, score, record, lastAt });
  }
  const matches = inRangeSorted(candidates, settings);
  const answered = matches.slice(offset, offset + limit);
  return { total: matches.length, entries: answered.map(({ record }) => qualityOf(state, user, record, record.uuid, context)) };
}
