/** @module The persons one internal user knows best, ranked by RQ. */
import { BestRanked, compareRanked, type ScoredCandidate } from "./internal/best-ranked.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import type { PersonRecord } from "./internal/graph-state.js";
import { RANKING_OPTION_NAMES } from "./internal/option-names.js";
import { optionalCount, requireCount, requireOptions, requireUuid } from "./internal/validate.js";
import { qualityOf } from "./relationship-quality.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { RankingOptions, RankingPage, RelationshipQuality } from "./types.js";

const FUNCTION_NAME = "relationshipQualityRanking";

interface Candidate extends ScoredCandidate {
  record: PersonRecord;
}

/**
 * The external persons an internal user knows, by the user's RQ descending, ties by uuid: the entries from
 * `offset` on, at most `limit`, and how many there are. Persons without a counted interaction with the user at
 * `now` are left out. Each entry is what {@link relationshipQuality} answers for the pair.
 *
 * Every neighbour is scored from its edge's stored aggregate; only the entries answered pay for their reason
 * (a pass over the pair's interactions), so the cost follows the user's neighbours, not their interactions.
 *
 * @param graph - The relationship graph.
 * @param userUuid - An internal user (see `graph.markInternal`); an unknown one has an empty ranking.
 * @param options - `now` (epoch ms), optional parameter overrides, `offset` (default 0) and `limit` (at least 1).
 * @returns `{ total, entries }`: `entries` are RQs, strongest first.
 *
 * @example
 * import { relationshipQualityRanking } from "@rapport/graph";
 * relationshipQualityRanking(graph, "user-ben", { now: Date.UTC(2026, 11, 1), limit: 10 });
 * // { total: 1, entries: [{ person_uuid: "dana", rq: 0.2, rq_reason: "1 email and 1 meeting in the last 90 days, ...", ... }] }
 */
export function relationshipQualityRanking(graph: RelationshipGraph, userUuid: string, options: RankingOptions): RankingPage<RelationshipQuality> {
  const state = stateOf(FUNCTION_NAME, graph);
  requireOptions(FUNCTION_NAME, options, RANKING_OPTION_NAMES);
  const context = createEvaluationContext(FUNCTION_NAME, state, options);
  const user = state.personByUser.get(requireUuid(FUNCTION_NAME, "userUuid", userUuid));
  const offset = optionalCount(FUNCTION_NAME, "offset", options.offset, 0, 0);
  const limit = requireCount(FUNCTION_NAME, "limit", options.limit, 1);
  if (user === undefined) return { total: 0, entries: [] };
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
