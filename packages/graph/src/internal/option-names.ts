/**
 * @module The option names each public function knows, and the hydrations' input fields. Each list is a
 * `Record<keyof ...Options, true>`, so the compiler refuses a list that misses an option of its type or names
 * one the type lacks.
 */
import type { ActivityStatsOptions } from "../activity-stats.js";
import type { DerivedFieldsOptions } from "../derived-fields.js";
import type { AsyncHydrationInput, AsyncHydrationOptions } from "../hydrate-graph-async.js";
import type { HydrationInput, HydrationOptions } from "../hydrate-graph.js";
import type { LastActivityOptions } from "../last-activity.js";
import type { RecommendedPathsOptions } from "../recommended-paths.js";
import type { PathPowerRankingOptions } from "../path-power-ranking.js";
import type { RelationshipQualityRankingOptions } from "../relationship-quality-ranking.js";
import type { RelationshipGraphOptions } from "../relationship-graph.js";
import type { StrongestRelationshipsOptions } from "../strongest-relationships.js";
import type { RankingOptions, ScoringOptions } from "../types.js";

export type OptionNames<Options> = Readonly<Record<keyof Options, true>>;

export const GRAPH_OPTION_NAMES: OptionNames<RelationshipGraphOptions> = { parameters: true };
export const HYDRATION_OPTION_NAMES: OptionNames<HydrationOptions> = { ...GRAPH_OPTION_NAMES, warmAt: true };
export const ASYNC_HYDRATION_OPTION_NAMES: OptionNames<AsyncHydrationOptions> = { ...HYDRATION_OPTION_NAMES, yieldControl: true };
/** The fields of `input` both hydrations check against (`hydration-input.ts`). */
export const HYDRATION_INPUT_NAMES: OptionNames<HydrationInput> = { interactions: true, internalUsers: true, affiliations: true };
/** Read by nothing: it makes the compiler refuse an `AsyncHydrationInput` whose fields part from `HydrationInput`'s. */
export const ASYNC_HYDRATION_INPUT_NAMES: OptionNames<AsyncHydrationInput> = HYDRATION_INPUT_NAMES;

/** connectionScore, relationshipQuality, pathPower. */
export const SCORING_OPTION_NAMES: OptionNames<ScoringOptions> = { now: true, parameters: true };
/** pathPowerRanking (and, with its own options, relationshipQualityRanking). */
export const RANKING_OPTION_NAMES: OptionNames<RankingOptions> = { ...SCORING_OPTION_NAMES, offset: true, limit: true };
export const RELATIONSHIP_QUALITY_RANKING_OPTION_NAMES: OptionNames<RelationshipQualityRankingOptions> = {
  ...RANKING_OPTION_NAMES,
  sortBy: true,
  order: true,
  lastActivityFrom: true,
  lastActivityTo: true,
};
export const PATH_POWER_RANKING_OPTION_NAMES: OptionNames<PathPowerRankingOptions> = {
  ...RANKING_OPTION_NAMES,
  sortBy: true,
  order: true,
  lastActivityFrom: true,
  lastActivityTo: true,
};
/** teamLastActivityAt. */
export const TEAM_LAST_ACTIVITY_OPTION_NAMES: OptionNames<ScoringOptions> = SCORING_OPTION_NAMES;
export const STRONGEST_RELATIONSHIPS_OPTION_NAMES: OptionNames<StrongestRelationshipsOptions> = { ...SCORING_OPTION_NAMES, limit: true };
/** recommendedPaths, recommendedPathsOfMany. */
export const RECOMMENDED_PATHS_OPTION_NAMES: OptionNames<RecommendedPathsOptions> = {
  ...SCORING_OPTION_NAMES,
  sortBy: true,
  order: true,
  nameOf: true,
  limit: true,
  maximumPathsPerItem: true,
  maximumPriorityEntries: true,
  topExternalContactsLimit: true,
  includeItems: true,
};

export const ACTIVITY_STATS_OPTION_NAMES: OptionNames<ActivityStatsOptions> = { now: true, periods: true, teamOnly: true, spans: true };
export const DERIVED_FIELDS_OPTION_NAMES: OptionNames<DerivedFieldsOptions> = { now: true, userUuid: true };
export const LAST_ACTIVITY_OPTION_NAMES: OptionNames<LastActivityOptions> = { now: true };
