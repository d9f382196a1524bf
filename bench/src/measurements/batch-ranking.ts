/**
 * The engine's part of a recommended-paths batch: the batch rows' batches (measurement 4) ranked on this
 * process's graph the way the batch endpoints rank them (in parts, with their paths and priority entries
 * per item), without records, presenting, JSON or a socket. It tells how much of the batch target the
 * ranking alone takes.
 */
import { BATCH_PATHS_PER_ITEM, BATCH_PRIORITY_ENTRIES_LIMIT, BATCH_TARGETS_PER_PART, DEFAULT_BATCH_LIMIT } from "@rapport/api";
import { recommendedPathsOfMany, type EntityKind, type RecommendedPathsResponse, type RelationshipGraph } from "@rapport/graph";
import { BENCH_NOW } from "../generate-tenant.js";
import { timeEach } from "../statistics.js";

/** Ranks one batch as the endpoint does, `BATCH_TARGETS_PER_PART` targets per call: one ranking per target, in input order. */
export function rankBatch(graph: RelationshipGraph, entity: EntityKind, uuids: readonly string[]): RecommendedPathsResponse[] {
  const rankings: RecommendedPathsResponse[] = [];
  for (let start = 0; start < uuids.length; start += BATCH_TARGETS_PER_PART) {
    const part = uuids.slice(start, start + BATCH_TARGETS_PER_PART).map((uuid) => ({ entity, uuid }));
    rankings.push(
      ...recommendedPathsOfMany(graph, part, {
        now: BENCH_NOW,
        limit: DEFAULT_BATCH_LIMIT,
        maximumPathsPerItem: BATCH_PATHS_PER_ITEM,
        maximumPriorityEntries: BATCH_PRIORITY_ENTRIES_LIMIT,
      }),
    );
  }
  return rankings;
}

/**
 * The milliseconds of ranking each of `batches` in turn, after ranking the first one once untimed (as the
 * batch rows warm up on their first batch). Each batch after the first has mostly targets the graph has
 * not ranked before; the heaviest recur, as they do over HTTP.
 */
export function timeBatchRanking(graph: RelationshipGraph, entity: EntityKind, batches: readonly (readonly string[])[]): Promise<number[]> {
  return timeEach(batches, (uuids) => rankBatch(graph, entity, uuids), Math.min(1, batches.length));
}
