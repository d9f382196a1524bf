/**
 * @module Public data types, and the lists types are derived from (`ENTITY_KINDS`, `STRENGTH_LABELS`,
 * `PATH_SORT_FIELDS`, `SORT_ORDERS`, `MEETING_INTERACTION_STATUSES`). Inputs use
 * camelCase; results use the field names of the REST contract (snake_case: `connection_score`,
 * `rq_pretty`, ...) so the API layer can pass them through.
 * All `*_at` values are epoch milliseconds; `*_date` values are UTC `YYYY-MM-DD` strings.
 */
import type { ScoringParameterOverrides } from "./scoring-parameters.js";

/** An email between persons. Recipients are `to` and `cc` together. */
export interface EmailInteraction {
  /** Unique id of the interaction within the tenant. */
  id: string;
  kind: "email";
  /** When it was sent, epoch milliseconds. */
  occurredAt: number;
  /** Person uuid of the sender. An email without a known sender (null or "") is kept but counts for nothing. */
  senderUuid: string | null;
  /** Person uuids of the recipients (to and cc). Duplicates and the sender are ignored. */
  recipientUuids: readonly string[];
}

/** A meeting's status: `confirmed` counts (and, in the future, is a next meeting); `cancelled` counts nothing. */
export const MEETING_INTERACTION_STATUSES = Object.freeze(["confirmed", "cancelled"] as const);
/** One of `MEETING_INTERACTION_STATUSES`: a meeting interaction's `status`. */
export type MeetingInteractionStatus = (typeof MEETING_INTERACTION_STATUSES)[number];

/** A calendar meeting between persons. */
export interface MeetingInteraction {
  id: string;
  kind: "meeting";
  /** Start time, epoch milliseconds. A confirmed meeting in the future is a "next meeting", not yet an interaction. */
  occurredAt: number;
  /** Person uuids of the attendees. Duplicates are ignored. */
  attendeeUuids: readonly string[];
  /** Person uuid of the organizer, who also counts as an attendee. */
  organizerUuid?: string | null | undefined;
  /** A cancelled meeting counts nothing. Default `confirmed`. */
  status?: MeetingInteractionStatus | undefined;
  /** Shown as `next_meeting_title`. */
  title?: string | null | undefined;
}

/** An email or a meeting. */
export type Interaction = EmailInteraction | MeetingInteraction;

/** What an entity is: the subjects of PathPower, paths, activity and derived fields. */
export const ENTITY_KINDS = Object.freeze(["person", "company"] as const);
/** One of `ENTITY_KINDS`: the `entity` of an `EntityReference`. */
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A person or a company, the subjects of PathPower, paths, activity and derived fields. */
export interface EntityReference {
  entity: EntityKind;
  uuid: string;
}

/** An internal user and the person node that represents them in the graph. */
export interface InternalUser {
  userUuid: string;
  personUuid: string;
}

/** A person's current affiliation with a company. */
export interface Affiliation {
  personUuid: string;
  companyUuid: string;
  /** Only current affiliations matter to the graph; `false` is accepted and ignored. Default `true`; any other value is refused. */
  current?: boolean | undefined;
}

/** `strength_label` bands, weakest first. */
export const STRENGTH_LABELS = Object.freeze(["weak", "moderate", "strong", "very_strong"] as const);
/** One of `STRENGTH_LABELS`: what `strengthLabel` answers for a score. */
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/** What recommended paths are ranked by: path strength (the default) or the internal user's name. */
export const PATH_SORT_FIELDS = Object.freeze(["score", "name"] as const);
/** One of `PATH_SORT_FIELDS`: `recommendedPaths`' `sortBy`. */
export type PathSortField = (typeof PATH_SORT_FIELDS)[number];

/** What a user's relationships are ranked by: RQ (the default) or the time of the pair's latest counted interaction. */
export const RELATIONSHIP_SORT_FIELDS = Object.freeze(["rq", "last_activity"] as const);
/** One of `RELATIONSHIP_SORT_FIELDS`: `relationshipQualityRanking`'s `sortBy`. */
export type RelationshipSortField = (typeof RELATIONSHIP_SORT_FIELDS)[number];

/** What the team's ranking can be ordered by: PathPower (the default), or the entity's latest interaction. */
export const PATH_POWER_SORT_FIELDS = Object.freeze(["path_power", "last_activity"] as const);
/** One of `PATH_POWER_SORT_FIELDS`: `pathPowerRanking`'s `sortBy`. */
export type PathPowerSortField = (typeof PATH_POWER_SORT_FIELDS)[number];

/** Directions of a ranking or a list, ascending first. */
export const SORT_ORDERS = Object.freeze(["asc", "desc"] as const);
/** One of `SORT_ORDERS`: a ranking's or a list's `order`. */
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Options shared by every scoring function. */
export interface ScoringOptions {
  /** The present, epoch milliseconds. Interactions after it do not count (yet). */
  now: number;
  /** Overrides of the graph's scoring parameters for this call. */
  parameters?: ScoringParameterOverrides | undefined;
}

/** RQ of an internal user towards a person. */
export interface RelationshipQuality {
  user_uuid: string;
  internal_user_person_uuid: string;
  person_uuid: string;
  /** Connection score between the user's person node and the person, 0..1. */
  rq: number;
  /** `round(100 * rq)`, 0..100. */
  rq_pretty: number;
  /** Why, in one sentence, e.g. "2 emails and 1 meeting in the last 90 days, last on 2026-12-01". */
  rq_reason: string;
  /** Interactions between the two that count (past, not cancelled). */
  interaction_count: number;
  last_activity_at: number | null;
  last_activity_date: string | null;
}

/** One step of a path: the person reached and the edge that reaches them. */
export interface Hop {
  person_uuid: string;
  /** Connection score of the edge from the previous person (or the user) to this one. */
  connection_score: number;
  interaction_count: number;
  last_interaction_at: number | null;
}

/** `priority_management` entry: one internal user's standing towards one target person. */
export interface PriorityManagementEntry {
  /** The target person (for a company target: one of its affiliated persons). */
  person_uuid: string;
  user_uuid: string;
  internal_user_person_uuid: string;
  /** Direct interactions between the user and the person. */
  interaction_count: number;
  /** `round(100 * strength of the user's best path to the person)`, 0..100. */
  priority_score: number;
  rq: number;
  rq_pretty: number;
  rq_reason: string;
  last_activity_at: number | null;
  last_activity_date: string | null;
}

/** One ranked internal user with their paths to the target. Display fields are the API's to add. */
export interface RecommendedPathItem {
  /** The internal user's person node. */
  person_uuid: string;
  user_uuid: string;
  is_internal: true;
  /** Strength of the user's best path, 0..1. */
  connection_score: number;
  strength: StrengthLabel;
  /** Number of paths found (may exceed `paths.length`, which is capped). */
  path_count: number;
  /** Strongest first; each path lists the hops after the user, ending at a target person. */
  paths: Hop[][];
  /** The strength of each path in `paths`, in its order: the product of its hops' scores, rounded as every score is. */
  path_strengths: number[];
  /** One entry per target person the user reaches, highest `priority_score` first. */
  priority_management: PriorityManagementEntry[];
}

/** An internal user connected directly to an external contact. */
export interface InternalConnector {
  internal_user_person_uuid: string;
  internal_user_uuid: string;
  /** The user's RQ to the contact, 0..1. */
  path_power_score: number;
  /** Last past interaction between the user and the contact. */
  last_engaged_at: number | null;
}

/** A company's affiliated external person, ranked by the team's PathPower to them. */
export interface TopExternalContact {
  person_uuid: string;
  /** PathPower of the person, 0..1. */
  connection_score: number;
  strength: StrengthLabel;
  internal_connectors: InternalConnector[];
}

/** Ranked recommended paths to one target (unpaginated; the API pages `items`). */
export interface RecommendedPathsResponse {
  entity: EntityKind;
  target_uuid: string;
  items: RecommendedPathItem[];
  /** Number of items before `limit`. */
  total: number;
  /** Company targets only; empty for a person. */
  top_external_contacts: TopExternalContact[];
}

/** PathPower of a person or a company. */
export interface PathPowerScore {
  entity: EntityKind;
  uuid: string;
  /** 0..1, or null when the team has no connection to the entity. */
  score: number | null;
  /** `round(100 * score)`, 0 when score is null. */
  score_display: number;
  strength_label: StrengthLabel | null;
  /** Company only. */
  meta?: { person_count: number; connected_person_count: number };
}

/** A {@link PathPowerScore} with a score, as `pathPowerRanking` lists them: its label is then never null. */
export type RankedPathPower = PathPowerScore & { score: number; strength_label: StrengthLabel };

/** One row of `strongest_relationships`. */
export interface StrongestRelationship {
  user_uuid: string;
  internal_user_person_uuid: string;
  /** The person the RQ is towards: the subject, or for a company the user's best affiliated person. */
  person_uuid: string;
  rq: number;
  rq_pretty: number;
  /** Tenant-wide: last past interaction between any internal user and the subject. */
  last_engaged_at: number | null;
  /** This user's last past interaction with `person_uuid`. */
  user_last_engaged_at: number | null;
}

/** Activity periods, shortest first. */
export type ActivityPeriod = "30_days" | "90_days" | "180_days" | "365_days" | "all_time";

/** Counts of one period. */
export interface PeriodStats {
  period: ActivityPeriod;
  last_activity_at: number | null;
  last_activity_date: string | null;
  activity_counts: { emails: number; meetings: number; total: number };
}

/** Activity of one internal user with the subject. */
export interface UserActivityStats {
  internal_user_uuid: string;
  internal_user_person_uuid: string;
  periods: PeriodStats[];
}

/** Activity statistics of one entity. */
export interface ActivityStats {
  entity_type: "PERSON" | "COMPANY";
  entity_uuid: string;
  /** Empty when the entity has no counted interaction at all. */
  periods: PeriodStats[];
  by_user: UserActivityStats[];
  top_email_user: UserActivityStats | null;
  top_meeting_user: UserActivityStats | null;
}

/** Derived fields of a person or company record. */
export interface DerivedFields {
  last_activity_at: number | null;
  last_activity_date: string | null;
  /** Always equal to `last_activity_at`. */
  last_contact_at: number | null;
  next_meeting_at: number | null;
  next_meeting_id: string | null;
  next_meeting_title: string | null;
  next_meeting_with_user_uuid: string | null;
  my_next_meeting_at: number | null;
  my_next_meeting_id: string | null;
  my_next_meeting_title: string | null;
}

/** Which page of a ranking to answer: `now`, parameter overrides, and the entries from `offset` on, at most `limit`. */
export interface RankingOptions extends ScoringOptions {
  /** Entries skipped from the top (default 0). */
  offset?: number | undefined;
  /** Entries answered at most, at least 1. */
  limit: number;
}

/** A page of a ranking: its entries in order, and how many the whole ranking holds. */
export interface RankingPage<T> {
  total: number;
  entries: T[];
}
