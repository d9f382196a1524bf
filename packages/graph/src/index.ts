/** @module @rapport/graph: the pure relationship-graph core (scores, PathPower, two-hop paths, activity). */
export { GraphInputError } from "./graph-input-error.js";
export { RelationshipGraph, type RelationshipGraphOptions, type PersonNodeAttributes } from "./relationship-graph.js";
export { hydrateGraph, type HydrationInput, type HydrationOptions } from "./hydrate-graph.js";
export { hydrateGraphAsync, type AsyncHydrationInput, type AsyncHydrationOptions } from "./hydrate-graph-async.js";
export {
  defaultScoringParameters,
  resolveScoringParameters,
  type ScoringParameters,
  type ScoringParameterOverrides,
  type StrengthThresholds,
} from "./scoring-parameters.js";
export { connectionScore } from "./connection-score.js";
export { relationshipQuality } from "./relationship-quality.js";
export { relationshipQualityRanking, type RelationshipQualityRankingOptions } from "./relationship-quality-ranking.js";
export { strengthLabel } from "./strength-label.js";
export { pathPower } from "./path-power.js";
export { pathPowerRanking, type PathPowerRankingOptions } from "./path-power-ranking.js";
export { recommendedPaths, recommendedPathsOfMany, type RecommendedPathsOptions } from "./recommended-paths.js";
export { compareNames } from "./compare-names.js";
export { strongestRelationships, type StrongestRelationshipsOptions } from "./strongest-relationships.js";
export { activityStats, ACTIVITY_PERIODS, type ActivityStatsOptions } from "./activity-stats.js";
export { derivedFields, type DerivedFieldsOptions } from "./derived-fields.js";
export { lastActivityAt, type LastActivityOptions } from "./last-activity.js";
export { teamLastActivityAt } from "./team-last-activity.js";
export { ENTITY_KINDS, MEETING_INTERACTION_STATUSES, PATH_POWER_SORT_FIELDS, PATH_SORT_FIELDS, RELATIONSHIP_SORT_FIELDS, SORT_ORDERS, STRENGTH_LABELS } from "./types.js";
export type * from "./types.js";
