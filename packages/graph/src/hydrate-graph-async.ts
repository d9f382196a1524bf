/** @module Builds a tenant's RelationshipGraph in one pass from rows streamed asynchronously (a database cursor). */
import type { HydrationOptions } from "./hydrate-graph.js";
import { requireHydrationInput } from "./internal/hydration-input.js";
import { AffiliationsByCompany, hydrateInteraction, hydrateInternalUser } from "./internal/hydration-rows.js";
import { ASYNC_HYDRATION_OPTION_NAMES } from "./internal/option-names.js";
import { requireFunction, requireOptions, requireTime } from "./internal/validate.js";
import { emptyGraph, stateOf, type RelationshipGraph } from "./relationship-graph.js";
import type { Affiliation, Interaction, InternalUser } from "./types.js";

/** Rows read between two calls of `yieldControl`. */
const SLICE = 1_000;
/** Persons and their interactions (or edges) visited at the end of the load between two calls of `yieldControl`. */
const SWEEP_SLICE = 10_000;

/** {@link HydrationOptions}, and a way to hand control back between slices of the work. */
export interface AsyncHydrationOptions extends HydrationOptions {
  /**
   * Awaited after every 1,000 rows read (affiliations, interactions) and, at the end of the load (the edge
   * sweep, then each person's edge bounds), between persons about every 10,000 interactions or edges
   * visited. A server passes one that returns to its event loop (Node: `setImmediate` from
   * `node:timers/promises`), so other requests are answered while a large graph loads. Answers do not
   * depend on it.
   */
  yieldControl?: (() => Promise<unknown>) | undefined;
}

/** What a tenant's graph is built from, as iterables or async iterables. */
export interface AsyncHydrationInput {
  /** Emails and meetings, in any order. A repeated id replaces the earlier interaction. */
  interactions: Iterable<Interaction> | AsyncIterable<Interaction>;
  /** Internal users and their person nodes. */
  internalUsers?: Iterable<InternalUser> | AsyncIterable<InternalUser> | undefined;
  /** Affiliations; those with `current: false` are skipped. */
  affiliations?: Iterable<Affiliation> | AsyncIterable<Affiliation> | undefined;
}

/**
 * {@link hydrateGraph} for rows that arrive asynchronously, such as a database stream: the same bulk load
 * (interactions indexed as they arrive, every edge built once at the end), without collecting the rows
 * first. The graph is only returned once complete; nothing else can observe it half-built. Without
 * `yieldControl`, reads that resolve at once (a synchronous driver) keep the event loop until the end.
 *
 * @param input - `{ interactions, internalUsers?, affiliations? }`, each an iterable or async iterable; any other
 * key is refused, and every field is checked before a row is read.
 * @param options - `{ parameters?, warmAt?, yieldControl? }`: as for {@link hydrateGraph}, and what to await
 * between slices of the work (see {@link AsyncHydrationOptions}).
 * @returns A promise of the new RelationshipGraph.
 * @throws (rejects) GraphInputError naming hydrateGraphAsync and quoting the first malformed row.
 *
 * @example
 * import { hydrateGraphAsync } from "@rapport/graph";
 * const graph = await hydrateGraphAsync({
 *   internalUsers: await listUsers(tenantUuid),
 *   affiliations: await listCurrentAffiliations(tenantUuid),
 *   interactions: streamInteractions(tenantUuid), // an async generator of Interaction
 * });
 */
export async function hydrateGraphAsync(input: AsyncHydrationInput, options: AsyncHydrationOptions = {}): Promise<RelationshipGraph> {
  const functionName = "hydrateGraphAsync";
  const rows = requireHydrationInput(functionName, input, true);
  requireOptions(functionName, options, ASYNC_HYDRATION_OPTION_NAMES);
  const warmAt = options.warmAt === undefined ? undefined : requireTime(functionName, "warmAt", options.warmAt);
  const yieldControl = options.yieldControl === undefined ? undefined : requireFunction<() => Promise<unknown>>(functionName, "yieldControl", options.yieldControl);
  const graph = emptyGraph(functionName, options.parameters);
  const state = stateOf(functionName, graph);
  for await (const row of rows.internalUsers) hydrateInternalUser(functionName, state, row);
  let read = 0;
  const affiliations = new AffiliationsByCompany();
  for await (const row of rows.affiliations) {
    affiliations.add(functionName, row);
    if (yieldControl !== undefined && ++read % SLICE === 0) await yieldControl();
  }
  for (const [personUuid, companyUuid] of affiliations.pairs()) {
    state.setAffiliation(personUuid, companyUuid);
    if (yieldControl !== undefined && ++read % SLICE === 0) await yieldControl();
  }
  state.beginBulkLoad();
  for await (const row of rows.interactions) {
    hydrateInteraction(functionName, state, row);
    if (yieldControl !== undefined && ++read % SLICE === 0) await yieldControl();
  }
  for (const _ of state.finishBulkLoadInSlices(warmAt, yieldControl === undefined ? Infinity : SWEEP_SLICE)) await yieldControl?.();
  return graph;
}
