/** @module Builds a tenant's RelationshipGraph in one pass from rows streamed asynchronously (a database cursor). */
import { hydrateAffiliation, hydrateInteraction, hydrateInternalUser, requireRows } from "./internal/hydration-rows.js";
import type { HydrationOptions } from "./hydrate-graph.js";
import { requireObject, requireTime } from "./internal/validate.js";
import { RelationshipGraph, stateOf } from "./relationship-graph.js";
import type { Affiliation, Interaction, InternalUser } from "./types.js";

/** What a tenant's graph is built from, as iterables or async iterables. */
export interface AsyncHydrationInput {
  /** Emails and meetings, in any order. A repeated id replaces the earlier interaction. */
  interactions: Iterable<Interaction> | AsyncIterable<Interaction>;
  /** Internal users and their person nodes. */
  internalUsers?: Iterable<InternalUser> | AsyncIterable<InternalUser>;
  /** Affiliations; those with `current: false` are skipped. */
  affiliations?: Iterable<Affiliation> | AsyncIterable<Affiliation>;
}

/**
 * {@link hydrateGraph} for rows that arrive asynchronously, such as a database stream: the same bulk load
 * (interactions indexed as they arrive, every edge built once at the end), without collecting the rows
 * first. The graph is only returned once complete; nothing else can observe it half-built.
 *
 * @param input - `{ interactions, internalUsers?, affiliations? }`, each an iterable or async iterable.
 * @param options - `{ parameters?, warmAt? }`: as for {@link hydrateGraph}.
 * @returns A promise of the new RelationshipGraph.
 * @throws (rejects) Error naming hydrateGraphAsync and quoting the first malformed row.
 *
 * @example
 * import { hydrateGraphAsync } from "@rapport/graph";
 * const graph = await hydrateGraphAsync({
 *   internalUsers: await listUsers(tenantUuid),
 *   affiliations: await listCurrentAffiliations(tenantUuid),
 *   interactions: streamInteractions(tenantUuid), // an async generator of Interaction
 * });
 */
export async function hydrateGraphAsync(input: AsyncHydrationInput, options: HydrationOptions = {}): Promise<RelationshipGraph> {
  const functionName = "hydrateGraphAsync";
  requireObject(functionName, "input", input);
  const warmAt = options.warmAt === undefined ? undefined : requireTime(functionName, "warmAt", options.warmAt);
  const graph = new RelationshipGraph(options);
  const state = stateOf(functionName, graph);
  for await (const row of requireRows(functionName, "internalUsers", input.internalUsers ?? [], true)) hydrateInternalUser(functionName, state, row);
  for await (const row of requireRows(functionName, "affiliations", input.affiliations ?? [], true)) hydrateAffiliation(functionName, state, row);
  const interactions = requireRows(functionName, "interactions", input.interactions, true);
  state.beginBulkLoad();
  for await (const row of interactions) hydrateInteraction(functionName, state, row);
  state.finishBulkLoad(warmAt);
  return graph;
}
