/** @module Builds a tenant's RelationshipGraph in one pass from the store's rows. */
import { requireHydrationInput } from "./internal/hydration-input.js";
import { AffiliationsByCompany, hydrateInteraction, hydrateInternalUser } from "./internal/hydration-rows.js";
import { HYDRATION_OPTION_NAMES } from "./internal/option-names.js";
import { requireOptions, requireTime } from "./internal/validate.js";
import { emptyGraph, stateOf, type RelationshipGraph, type RelationshipGraphOptions } from "./relationship-graph.js";
import type { Affiliation, Interaction, InternalUser } from "./types.js";

/** How a graph is built: its scoring parameters, and the time its first rankings will be asked at. */
export interface HydrationOptions extends RelationshipGraphOptions {
  /**
   * The time the first rankings are expected at (a server passes its clock at hydration). Every pair with an
   * interaction after it gets, in the hydration's sweep, the past-only view that a ranking at that time
   * would otherwise compute by scanning the pair's interactions. Answers do not change, only when the
   * work is done.
   */
  warmAt?: number | undefined;
}

/** What a tenant's graph is built from. Every field accepts any iterable, so rows can be streamed. */
export interface HydrationInput {
  /**
   * Emails and meetings, in any order. A repeated id replaces the earlier interaction. Earliest first, the
   * counts behind `rq_reason` read a busy person's reason window alone (the counts are the same).
   */
  interactions: Iterable<Interaction>;
  /** Internal users and their person nodes. */
  internalUsers?: Iterable<InternalUser> | undefined;
  /** Affiliations; those with `current: false` are skipped. */
  affiliations?: Iterable<Affiliation> | undefined;
}

/**
 * Builds a graph from a tenant's internal users, affiliations and interactions. Internal users are marked
 * first so the index of internal neighbours is built as edges appear. Interactions are stored column-wise
 * (no per-interaction objects are kept) and indexed by person; then every edge is built once, in one sweep.
 *
 * @param input - `{ interactions, internalUsers?, affiliations? }` (iterables); any other key is refused, and every
 * field is checked before a row is read.
 * @param options - `{ parameters?, warmAt? }`: the deployment's scoring parameters; the time the first
 * rankings are expected at (see {@link HydrationOptions}).
 * Rows coming from an async source (a database stream) go to {@link hydrateGraphAsync} instead.
 *
 * @returns A new RelationshipGraph.
 * @throws GraphInputError naming hydrateGraph and quoting the first malformed row.
 *
 * @example
 * import { hydrateGraph } from "@rapport/graph";
 * const graph = hydrateGraph({
 *   internalUsers: [{ userUuid: "user-ada", personUuid: "person-ada" }],
 *   affiliations: [{ personUuid: "person-dana", companyUuid: "company-acme" }],
 *   interactions: [{ id: "e1", kind: "email", occurredAt: Date.UTC(2026, 11, 1), senderUuid: "person-ada", recipientUuids: ["person-dana"] }],
 * });
 * graph.edgeCount; // 1
 */
export function hydrateGraph(input: HydrationInput, options: HydrationOptions = {}): RelationshipGraph {
  const rows = requireHydrationInput("hydrateGraph", input, false);
  requireOptions("hydrateGraph", options, HYDRATION_OPTION_NAMES);
  const warmAt = options.warmAt === undefined ? undefined : requireTime("hydrateGraph", "warmAt", options.warmAt);
  const graph = emptyGraph("hydrateGraph", options.parameters);
  const state = stateOf("hydrateGraph", graph);
  for (const row of rows.internalUsers) hydrateInternalUser("hydrateGraph", state, row);
  const affiliations = new AffiliationsByCompany();
  for (const row of rows.affiliations) affiliations.add("hydrateGraph", row);
  for (const [personUuid, companyUuid] of affiliations.pairs()) state.setAffiliation(personUuid, companyUuid);
  state.beginBulkLoad();
  for (const row of rows.interactions) hydrateInteraction("hydrateGraph", state, row);
  state.finishBulkLoad(warmAt);
  return graph;
}
