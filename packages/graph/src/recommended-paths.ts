/** @module Two-hop introduction paths from every internal user to a person or a company, ranked. */
import { toIsoDateOrNull } from "./internal/dates.js";
import { describeRelationship } from "./internal/describe-relationship.js";
import type { EdgeScoreMemo } from "./internal/edge-score-memo.js";
import { requireEntity } from "./internal/entity-reference.js";
import { createEvaluationContext } from "./internal/evaluation-context.js";
import { scoreBoundOfUndecayed } from "./internal/edge-bounds.js";
import { invalidArgument } from "./internal/errors.js";
import { indexMapPerKey, type IndexMap } from "./internal/index-map.js";
import type { MembersByBound } from "./internal/members-by-bound.js";
import type { EvaluationContext, GraphState, PersonRecord } from "./internal/graph-state.js";
import { RECOMMENDED_PATHS_OPTION_NAMES } from "./internal/option-names.js";
import { compareNames } from "./compare-names.js";
import { summarizeTeamCounterparts } from "./internal/pair-summary.js";
import { PathCollector, type UserAccumulator } from "./internal/path-collector.js";
import { keptTeamLinkTable, teamLinkTable, type TeamLinkTable } from "./internal/team-link-table.js";
import { compareUuids, prettyScore } from "./internal/scores.js";
import { strengthBand } from "./internal/strength-band.js";
import { collectStrongestMembersFirst } from "./internal/strongest-members-first.js";
import { pathPowerBound, personPathPower, teamConnections } from "./internal/team-connections.js";
import { insertRanked } from "./internal/ranked-list.js";
import { optionalCount, requireOneOf, requireOptions } from "./internal/validate.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import {
  PATH_SORT_FIELDS,
  SORT_ORDERS,
  type EntityReference,
  type InternalConnector,
  type PathSortField,
  type PriorityManagementEntry,
  type RecommendedPathItem,
  type RecommendedPathsResponse,
  type ScoringOptions,
  type SortOrder,
  type TopExternalContact,
} from "./types.js";

/** Options of {@link recommendedPaths}. */
export interface RecommendedPathsOptions extends ScoringOptions {
  /** Rank by path strength (default) or by the name `nameOf` gives each internal user. */
  sortBy?: PathSortField | undefined;
  /** Default `desc`: strongest first (for names: Z to A). */
  order?: SortOrder | undefined;
  /** Display name of an internal user; required with `sortBy: "name"`. Users without a name (null, undefined) sort last; any other non-string is refused. */
  nameOf?: ((personUuid: string, userUuid: string) => string | null | undefined) | undefined;
  /** Keep only the first `limit` items (`total` still counts all). */
  limit?: number | undefined;
  /** Paths listed per item, strongest first (default 10; `path_count` counts all). */
  maximumPathsPerItem?: number | undefined;
  /** `priority_management` entries per item, highest priority first (default 10; a company's persons can be thousands). */
  maximumPriorityEntries?: number | undefined;
  /** Company targets: how many top external contacts to return (default 10). */
  topExternalContactsLimit?: number | undefined;
  /**
   * `false` lists no items, only `top_external_contacts` (default true). `total` still counts the internal users
   * who reach the target: the ranking walks their paths as it would, without listing any path or priority entry.
   */
  includeItems?: boolean | undefined;
}

/** One accumulator table per graph, reused call after call (a ranking is synchronous). */
const accumulatorsOf = indexMapPerKey<GraphState, UserAccumulator>();
/** A company ranking's PathPower of each member it walked, by person index (see PathCollector). */
const memberPathPowersOf = indexMapPerKey<GraphState, number | null>();

function priorityEntries(
  state: GraphState,
  accumulator: UserAccumulator,
  context: EvaluationContext,
  summariesByTarget: Map<PersonRecord, ReturnType<typeof summarizeTeamCounterparts>>,
  limit: number,
): PriorityManagementEntry[] {
  const user = accumulator.user;
  // Ranked on scores alone, keeping the `limit` first; only those pay for their interaction summaries.
  return accumulator.priorities.slice(0, limit).map(({ target, priorityScore, rq }) => {
    let summaries = summariesByTarget.get(target);
    if (summaries === undefined) {
      summaries = summarizeTeamCounterparts(state, target, context);
      summariesByTarget.set(target, summaries);
    }
    const summary = summaries.get(user.index);
    const lastAt = summary?.lastAt ?? null;
    return {
      person_uuid: target.uuid,
      user_uuid: user.userUuid ?? "",
      internal_user_person_uuid: user.uuid,
      interaction_count: summary === undefined ? 0 : summary.emails + summary.meetings,
      priority_score: priorityScore,
      rq,
      rq_pretty: prettyScore(rq),
      rq_reason:
        summary === undefined ? "No recorded interactions" : describeRelationship(summary, context.parameters.reasonWindowDays),
      last_activity_at: lastAt,
      last_activity_date: toIsoDateOrNull(lastAt),
    };
  });
}

interface ContactCandidate {
  target: PersonRecord;
  score: number;
}

/** Whether a contact of `score` ranks above `other`: higher score, then lower uuid. */
const contactOutranks = (target: PersonRecord, score: number, other: ContactCandidate) =>
  score > other.score || (score === other.score && compareUuids(target.uuid, other.target.uuid) < 0);

const contactRanksAbove = (left: ContactCandidate, right: ContactCandidate) => contactOutranks(left.target, left.score, right);

/**
 * A company's external persons with the highest PathPower, highest first (then by uuid), with their internal
 * connectors. `known` holds the PathPower of members the ranking has scored already. With `order` (begun over
 * the company's members; then `targets` is not read), members are read strongest bound first, until no member
 * left can enter.
 */
function topExternalContacts(
  state: GraphState,
  targets: PersonRecord[],
  context: EvaluationContext,
  limit: number,
  known: IndexMap<number | null> | null,
  order: MembersByBound | null,
): TopExternalContact[] {
  if (limit === 0) return [];
  // Scores alone first: only the `limit` kept build their connectors (a company can have thousands of members).
  const kept: ContactCandidate[] = [];
  const consider = (target: PersonRecord) => {
    const remembered = known?.get(target.index);
    const score = remembered !== undefined ? remembered : personPathPower(state, target, context);
    if (score === null) return;
    // Most members do not enter: compared with the last kept before a candidate is built.
    if (kept.length === limit && !contactOutranks(target, score, kept[limit - 1]!)) return;
    insertRanked(kept, { target, score }, limit, contactRanksAbove);
  };
  if (order === null) {
    for (const target of targets) consider(target);
  } else {
    for (let rank = 0; ; rank += 1) {
      const member = order.at(rank);
      if (member < 0) break;
      // A tie on score may still enter by uuid: only a lower ceiling ends the walk.
      if (kept.length === limit && pathPowerBound(scoreBoundOfUndecayed(order.keyAt(rank), context), context) < kept[limit - 1]!.score) break;
      consider(state.record(member));
    }
  }
  return kept.map(({ target, score }) => {
    const connectors: InternalConnector[] = teamConnections(state, target, context).map(({ user, evaluation }) => ({
      internal_user_person_uuid: user.uuid,
      internal_user_uuid: user.userUuid ?? "",
      path_power_score: evaluation.score,
      last_engaged_at: evaluation.lastInteractionAt,
    }));
    connectors.sort(
      (left, right) => right.path_power_score - left.path_power_score || compareUuids(left.internal_user_uuid, right.internal_user_uuid),
    );
    return {
      person_uuid: target.uuid,
      connection_score: score,
      strength: strengthBand(score, context.parameters.strengthThresholds) ?? "weak",
      internal_connectors: connectors,
    };
  });
}

/** The name `nameOf` gives an item's user, null when none; anything but a string is the caller's mistake, not a name to sort. */
function nameOfItem(functionName: string, nameOf: RecommendedPathsOptions["nameOf"], item: RecommendedPathItem): string | null {
  const name: unknown = nameOf?.(item.person_uuid, item.user_uuid);
  if (name === undefined || name === null) return null;
  if (typeof name !== "string") throw invalidArgument(functionName, '"nameOf" to return a string, null or undefined', name);
  return name;
}

/** The options of a ranking, validated once however many targets share them. */
interface RankingSettings {
  /** The public function ranking, named in errors. */
  functionName: string;
  context: EvaluationContext;
  sortBy: PathSortField;
  order: SortOrder;
  nameOf: RecommendedPathsOptions["nameOf"];
  limit: number;
  maximumPaths: number;
  maximumPriorityEntries: number;
  contactsLimit: number;
  includeItems: boolean;
}

function rankingSettings(functionName: string, state: GraphState, options: RecommendedPathsOptions): RankingSettings {
  requireOptions(functionName, options, RECOMMENDED_PATHS_OPTION_NAMES);
  const context = createEvaluationContext(functionName, state, options);
  const sortBy = options.sortBy === undefined ? "score" : requireOneOf(functionName, "sortBy", options.sortBy, PATH_SORT_FIELDS);
  const order = options.order === undefined ? "desc" : requireOneOf(functionName, "order", options.order, SORT_ORDERS);
  const nameOf = options.nameOf;
  const includeItems = options.includeItems === undefined ? true : options.includeItems;
  // A truthy string ("false" from a query string) must not list items in silence.
  if (typeof includeItems !== "boolean") throw invalidArgument(functionName, '"includeItems" to be true or false', includeItems);
  const maximumPaths = optionalCount(functionName, "maximumPathsPerItem", options.maximumPathsPerItem, 0, 10);
  const maximumPriorityEntries = optionalCount(functionName, "maximumPriorityEntries", options.maximumPriorityEntries, 0, 10);
  if (nameOf !== undefined && typeof nameOf !== "function") throw invalidArgument(functionName, '"nameOf" to be a function', nameOf);
  if (sortBy === "name" && nameOf === undefined) throw invalidArgument(functionName, '"nameOf" to be given with sortBy "name"', nameOf);
  return {
    functionName,
    context,
    sortBy,
    order,
    nameOf,
    limit: optionalCount(functionName, "limit", options.limit, 0, Number.POSITIVE_INFINITY),
    // Without items nothing lists paths or priority entries: the walk only counts who reaches the target.
    maximumPaths: includeItems ? maximumPaths : 0,
    maximumPriorityEntries: includeItems ? maximumPriorityEntries : 0,
    contactsLimit: optionalCount(functionName, "topExternalContactsLimit", options.topExternalContactsLimit, 0, 10),
    includeItems,
  };
}

/** The bridges a ranking of `reference` crosses: its person's neighbours, or those of its company's people. */
function bridgesOf(state: GraphState, reference: EntityReference): number {
  if (reference.entity === "person") return state.person(reference.uuid)?.neighbours.length ?? 0;
  let bridges = 0;
  for (const member of state.companyMembers.get(reference.uuid) ?? []) bridges += member.neighbours.length;
  return bridges;
}

/**
 * The team-link table a ranking of `references` reads bridges from, begun for the call: the graph's table,
 * caught up with the changes since it was last read; else a fresh copy when the ranking crosses at least half
 * as many bridges as the graph has persons (a copy costs about one pass over them, reading a bridge through
 * its record two cache misses); else null. Only the table's walk visits
 * bridges strongest first and stops early. A large graph always has one: from its hydration on, and copied
 * afresh here when it cannot catch up (`alwaysKeepsTeamLinkTable`).
 */
function rankingTable(state: GraphState, references: readonly EntityReference[], settings: RankingSettings): TeamLinkTable | null {
  let table = keptTeamLinkTable(state);
  if (table === null) {
    let bridges = 0;
    for (const reference of references) bridges += bridgesOf(state, reference);
    if (2 * bridges < state.records.length) return null;
    table = teamLinkTable(state);
  }
  if (table.wantsSettling(state, settings.context.now)) table.settle(state, settings.context.now);
  table.beginCall();
  return table;
}

/**
 * Ranks one target. `memo`, when given, holds colleague-to-bridge scores already computed under the same
 * context (begun by the caller); without it, a company's members share a memo for this call only.
 */
function rankTarget(
  state: GraphState,
  reference: EntityReference,
  settings: RankingSettings,
  memo: EdgeScoreMemo | null,
  table: TeamLinkTable | null,
): RecommendedPathsResponse {
  const { context, limit, maximumPaths, maximumPriorityEntries, contactsLimit, includeItems } = settings;
  // A company's external members as person indices, in no set order: every ranking and list below orders by
  // score, then uuid.
  const memberIndices = reference.entity === "company" ? state.externalMemberLists.of(reference.uuid, state.companyMembers.get(reference.uuid)) : null;
  // A large company's members, strongest bound first: its rankings of paths and of contacts stop early over them.
  let membersByBound: MembersByBound | null = null;
  if (memberIndices !== null && context.storedAggregatesUsable && memberIndices.length >= state.membersByBound.minimumMembers) {
    membersByBound = state.membersByBound;
    membersByBound.begin(memberIndices, state.edgeBounds);
  }
  // The table to collect those members' paths from, strongest first: when its kept counts serve `now`.
  const tableByBound = membersByBound !== null && table !== null && table.twoHopCountsServe(context.now) ? table : null;
  let targets: PersonRecord[] = [];
  if (memberIndices === null) {
    const person = state.person(reference.uuid);
    if (person !== undefined) targets = [person];
  } else if (membersByBound === null || tableByBound === null) {
    // Read member by member, as records.
    targets = Array.from(memberIndices, (index) => state.record(index));
  }
  const targetCount = memberIndices === null ? targets.length : memberIndices.length;

  const items: RecommendedPathItem[] = [];
  let pathPowers: IndexMap<number | null> | null = null;
  if (reference.entity === "company" && contactsLimit > 0) {
    pathPowers = memberPathPowersOf(state);
    pathPowers.begin(state.records.length);
  }
  const accumulators = accumulatorsOf(state);
  accumulators.begin(state.records.length);
  // A company's members share bridges: remember each colleague-to-bridge score for the call.
  let scores = memo;
  if (scores === null && targetCount > 1) {
    scores = state.scoreMemo;
    scores.begin(state.edges.slotCapacity);
  }
  const collector = new PathCollector(state, accumulators, {
    context,
    maximumPaths,
    maximumPriorities: maximumPriorityEntries,
    memo: scores,
    table,
    pathPowers,
  });
  if (membersByBound !== null && tableByBound !== null) {
    collectStrongestMembersFirst(state, tableByBound, membersByBound, collector, context);
  } else {
    for (const person of targets) collector.collect(person);
  }
  // Each accumulator is one internal user who reaches the target: one item.
  const total = accumulators.values.length;
  if (includeItems) listItems(state, accumulators.values, settings, items);

  return {
    entity: reference.entity,
    target_uuid: reference.uuid,
    items: items.slice(0, limit),
    total,
    top_external_contacts: reference.entity === "company" ? topExternalContacts(state, targets, context, contactsLimit, pathPowers, membersByBound) : [],
  };
}

/** Appends to `items` one item per accumulator, each with its paths and priority entries, in the ranking's order. */
function listItems(state: GraphState, accumulators: readonly UserAccumulator[], settings: RankingSettings, items: RecommendedPathItem[]): void {
  const { functionName, context, sortBy, order, nameOf, maximumPriorityEntries } = settings;
  const summariesByTarget = new Map<PersonRecord, ReturnType<typeof summarizeTeamCounterparts>>();
  for (const accumulator of accumulators) {
    items.push({
      person_uuid: accumulator.user.uuid,
      user_uuid: accumulator.user.userUuid ?? "",
      is_internal: true,
      connection_score: accumulator.best,
      strength: strengthBand(accumulator.best, context.parameters.strengthThresholds) ?? "weak",
      path_count: accumulator.pathCount,
      paths: accumulator.paths.map((path) => path.hops),
      path_strengths: accumulator.paths.map((path) => path.strength),
      priority_management: priorityEntries(state, accumulator, context, summariesByTarget, maximumPriorityEntries),
    });
  }
  const direction = order === "desc" ? -1 : 1;
  if (sortBy === "score") {
    items.sort(
      (left, right) =>
        direction * (left.connection_score - right.connection_score) ||
        direction * (left.path_count - right.path_count) ||
        compareUuids(left.user_uuid, right.user_uuid),
    );
  } else {
    const names = new Map(items.map((item) => [item, nameOfItem(functionName, nameOf, item)]));
    items.sort((left, right) => {
      const leftName = names.get(left) ?? null;
      const rightName = names.get(right) ?? null;
      const byName = leftName === null || rightName === null ? compareNames(leftName, rightName) : direction * compareNames(leftName, rightName);
      return byName || right.connection_score - left.connection_score || compareUuids(left.user_uuid, right.user_uuid);
    });
  }
}

/**
 * Recommended introduction paths to a person or a company. For every internal user: the direct path
 * (user → target) and every two-hop path (user → external bridge → target). A path's strength is the product of its
 * hops' connection scores; a user's `connection_score` is their best path's. Users are ranked by it (then by
 * `path_count`, then by user uuid, as every ranking of users is), or by name. For a company the targets are its currently affiliated
 * external persons, and `top_external_contacts` ranks those persons by PathPower with their internal
 * connectors. Cost follows the target's neighbourhood: its edges and its bridges' internal neighbours.
 *
 * Only uuids and numbers are returned; names, titles and logos are the API layer's to add.
 *
 * @param graph - The relationship graph.
 * @param target - `{ entity: "person" | "company", uuid }`. An unknown target yields no items.
 * @param options - `now`, parameter overrides, sorting, limits (see {@link RecommendedPathsOptions}).
 * @returns The ranked items, their total, and (for a company) the top external contacts.
 *
 * @example
 * import { recommendedPaths } from "@rapport/graph";
 * const response = recommendedPaths(graph, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 1) });
 * response.items.map((item) => [item.user_uuid, item.connection_score]);
 * // [["user-ben", 0.2], ["user-ada", 0.010513296]] (graph: docs/scoring.md's worked example)
 */
export function recommendedPaths(graph: RelationshipGraph, target: EntityReference, options: RecommendedPathsOptions): RecommendedPathsResponse {
  const functionName = "recommendedPaths";
  const state = stateOf(functionName, graph);
  const reference = requireEntity(functionName, target);
  const settings = rankingSettings(functionName, state, options);
  return rankTarget(state, reference, settings, null, rankingTable(state, [reference], settings));
}

/**
 * {@link recommendedPaths} for many targets at one `now`, one response per target in input order. The
 * answers are those of one call per target; the targets' rankings share each colleague-to-bridge score,
 * which a batch of busy targets asks again and again (their bridges overlap).
 *
 * @param graph - The relationship graph.
 * @param targets - `{ entity: "person" | "company", uuid }` each; an unknown target yields no items.
 * @param options - As for {@link recommendedPaths}, applied to every target.
 * @returns One response per target, in the order of `targets`.
 *
 * @example
 * import { recommendedPathsOfMany } from "@rapport/graph";
 * const [dana, acme] = recommendedPathsOfMany(graph, [{ entity: "person", uuid: "dana" }, { entity: "company", uuid: "acme" }], { now });
 */
export function recommendedPathsOfMany(
  graph: RelationshipGraph,
  targets: readonly EntityReference[],
  options: RecommendedPathsOptions,
): RecommendedPathsResponse[] {
  const functionName = "recommendedPathsOfMany";
  const state = stateOf(functionName, graph);
  if (!Array.isArray(targets)) throw invalidArgument(functionName, '"targets" to be an array', targets);
  const references = targets.map((target) => requireEntity(functionName, target));
  const settings = rankingSettings(functionName, state, options);
  // One target has nothing to share with: it ranks as recommendedPaths does.
  const table = rankingTable(state, references, settings);
  if (references.length === 1) return [rankTarget(state, references[0]!, settings, null, table)];
  const memo = state.scoreMemo;
  memo.begin(state.edges.slotCapacity);
  return references.map((reference) => rankTarget(state, reference, settings, memo, table));
}
