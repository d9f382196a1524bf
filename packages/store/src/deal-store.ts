/**
 * @module
 * The deal workspace's part of the Store port: opportunity types and stages, custom fields,
 * opportunities with their list query, associations, notes, tasks, files, and record lookups.
 */
import type {
  AssociationOwnerType,
  EntityType,
  LinkResult,
  LinkedEntity,
  NewNote,
  NewOpportunity,
  NewOpportunityCustomField,
  NewOpportunityStage,
  NewOpportunityType,
  NewStoredFile,
  NewTask,
  Note,
  NoteChanges,
  Opportunity,
  OpportunityChanges,
  OpportunityCustomField,
  OpportunityCustomFieldChanges,
  OpportunityStage,
  OpportunityStageChanges,
  OpportunityType,
  OpportunityTypeChanges,
  StageType,
  StoredFile,
  Task,
  TaskChanges,
  TaskScope,
  TaskStatus,
} from "./deal-records.js";
import type { Page, PageRequest } from "./pagination/keyset-page.js";
import type { ConditionalWriteOptions, SortOrder } from "./store.js";


/** Who is looking: decides which PERSONAL tasks (and links to them) are visible. */
export interface Viewer {
  /** The calling user, or null for a tenant-wide call (which sees no PERSONAL task). */
  user_uuid: string | null;
}

/**
 * Whose write to a record with an owner rule it is: a member's (`asMember`, its user uuid) is refused with a
 * ForbiddenError when the record is another user's as the write's own transaction reads it; absent, an
 * administrator's or a tenant-wide call's, which may change any.
 */
export interface MemberWriteOptions {
  asMember?: string | undefined;
}

/**
 * A write of one opportunity: a member's (`MemberWriteOptions`), and conditional on the opportunity as `get` answers it
 * (`WritePrecondition`), checked after the member's rights, in the write's transaction.
 */
export interface OpportunityWriteOptions extends MemberWriteOptions, ConditionalWriteOptions<Opportunity> {
  /** Whom a delete's `precondition` reads the opportunity for (an update's reads it for its own viewer); absent, a tenant-wide call. */
  viewer?: Viewer | undefined;
}

/** `store.opportunityTypes`: opportunity types (pipelines). */
export interface OpportunityTypeRepository {
  create(input: NewOpportunityType): Promise<OpportunityType>;
  get(tenantUuid: string, typeUuid: string): Promise<OpportunityType | null>;
  /** In creation order; hidden types only with `include_hidden`. */
  list(tenantUuid: string, options: { include_hidden: boolean }): Promise<OpportunityType[]>;
  /** Null when the type is not in the tenant. */
  update(tenantUuid: string, typeUuid: string, changes: OpportunityTypeChanges): Promise<OpportunityType | null>;
}

/** `store.opportunityStages`: the stages of an opportunity type. */
export interface OpportunityStageRepository {
  /**
   * Appends the stage at the end of its type's pipeline. Throws InvalidInputError for an unknown type, ConflictError
   * when a stage of the same type and stage_type has the name, case aside (`foldCase`), or when that pipeline holds
   * `MAX_STAGES_PER_PIPELINE` stages already.
   */
  create(input: NewOpportunityStage): Promise<OpportunityStage>;
  get(tenantUuid: string, stageUuid: string): Promise<OpportunityStage | null>;
  /** In pipeline order; hidden stages only with `include_hidden`. */
  list(
    tenantUuid: string,
    typeUuid: string,
    options: { stage_type: StageType; include_hidden: boolean },
  ): Promise<OpportunityStage[]>;
  /**
   * Null when the stage is not in the tenant. A new name taken by another stage of the pipeline, case aside, throws
   * ConflictError; the stage's own name (in any case) is taken back though another stage has it from before the rule.
   */
  update(tenantUuid: string, stageUuid: string, changes: OpportunityStageChanges): Promise<OpportunityStage | null>;
  /**
   * Sets the pipeline order of every stage of the type and stage_type. Throws InvalidInputError
   * unless `stageUuids` names each of them exactly once.
   */
  reorder(tenantUuid: string, typeUuid: string, stageType: StageType, stageUuids: readonly string[]): Promise<OpportunityStage[]>;
}

/** `store.opportunityCustomFields`: the custom fields of an opportunity type. */
export interface OpportunityCustomFieldRepository {
  /** Throws ConflictError when the key is taken or the tenant defines `MAX_OPPORTUNITY_CUSTOM_FIELDS` already. */
  create(input: NewOpportunityCustomField): Promise<OpportunityCustomField>;
  get(tenantUuid: string, fieldUuid: string): Promise<OpportunityCustomField | null>;
  /** In creation order. */
  list(tenantUuid: string): Promise<OpportunityCustomField[]>;
  update(
    tenantUuid: string,
    fieldUuid: string,
    changes: OpportunityCustomFieldChanges,
  ): Promise<OpportunityCustomField | null>;
  /**
   * Stored values stay on opportunities and show as unresolved keys; the live opportunities holding a value of the
   * field take a new `updated_at` (what they show changed). False when not found.
   */
  delete(tenantUuid: string, fieldUuid: string): Promise<boolean>;
}

/** The `sort_by` values of `opportunities.list` (and of `GET /v1/opportunities`). */
export const OPPORTUNITY_SORT_FIELDS = [
  "name",
  "created_at",
  "updated_at",
  "value",
  "weighted_value",
  "probability",
  "source_date",
  "intro_date",
  "close_date",
  "last_activity_date",
  "details",
  "next_step",
  "stage",
  "owner",
  "intro_person",
  "days_in_stage",
  "notes_and_files_count",
] as const;
/** One of `OPPORTUNITY_SORT_FIELDS`. */
export type OpportunitySortField = (typeof OPPORTUNITY_SORT_FIELDS)[number];

/**
 * A subdivision's bare code (`WA`), which names a subdivision only within its country: Washington in the United
 * States, Western Australia in Australia. A stored state equal to `code` matches when the record's country is one
 * of `countries` (spellings) or is not stored. Both matched ignoring the case of A–Z.
 */
export interface StateCodeInCountry {
  code: string;
  countries: string[];
}

/** Filters of the opportunity list, already resolved by the API (owners to user UUIDs, places to spellings). */
export interface OpportunityListFilters {
  /** Case-insensitive substring of the opportunity's own name. */
  name?: string;
  /** Every word in the name or an associated person's or company's name; fuzzy retry when nothing matches. */
  search?: string;
  type_uuid?: string;
  stage_uuid?: string;
  stage_uuids?: string[];
  /** User UUIDs, OR'd. */
  owner_user_uuids?: string[];
  /** With owner_user_uuids: unowned opportunities match too. */
  include_no_owner?: boolean;
  has_owner?: boolean;
  intro_person_uuid?: string;
  /** Parent opportunities with a sub-opportunity associated with this company. */
  related_company_uuid?: string;
  related_person_uuid?: string;
  parent_uuid?: string;
  hierarchy_type?: StageType;
  /** Associated with any of these companies. */
  company_uuids?: string[];
  person_uuids?: string[];
  /**
   * All given parts must hold for one associated person or company. Spellings of states and countries, matched
   * ignoring the case of A–Z; the state matches one of `states` or one of `state_codes`.
   */
  location?: { city?: string; states?: string[]; state_codes?: StateCodeInCountry[]; countries?: string[] };
  value_from?: number;
  value_to?: number;
  probability_from?: number;
  probability_to?: number;
  /** Epoch ms, inclusive. */
  updated_after?: number;
  updated_before?: number;
  /** `YYYY-MM-DD`, inclusive, both bounds. */
  source_date?: { from: string; to: string };
  close_date?: { from: string; to: string };
  /** Epoch ms, inclusive, both bounds. */
  last_activity?: { from: number; to: number };
}

/** What a list of Opportunity records asks for: its position and length, filters and order. */
export interface OpportunityListRequest extends PageRequest {
  filters: OpportunityListFilters;
  /** Omitted: created_at, or closest first for a fuzzy search. */
  sort_by?: OpportunitySortField | undefined;
  order: SortOrder;
  viewer: Viewer;
}

/** A page of opportunities, with the totals of the whole filtered list. */
export interface OpportunityPage extends Page<Opportunity> {
  /** Sums over the whole filtered set. */
  total_value: number;
  total_weighted_value: number;
  /** With a `search` filter only: whether the matches hold every word or the fuzzy retry found them. */
  searchMatch?: "exact" | "fuzzy";
}

/** `store.opportunities`: opportunities and sub-opportunities. */
export interface OpportunityRepository {
  /**
   * Creates the opportunity and its associations in one transaction. Throws InvalidInputError for
   * an unknown type, stage, parent, owner, intro person or association target, a stage of another
   * type or stage_type, sub-opportunities on a type without them, missing pinned associations, or
   * a bad custom field value.
   */
  create(input: NewOpportunity, viewer: Viewer): Promise<Opportunity>;
  get(tenantUuid: string, opportunityUuid: string, viewer: Viewer): Promise<Opportunity | null>;
  /**
   * The live ones of these opportunities, hydrated together (one read of the rows, one hydration), keyed by
   * uuid; missing, deleted and other tenants' ones are absent from the map.
   */
  getMany(tenantUuid: string, opportunityUuids: readonly string[], viewer: Viewer): Promise<Map<string, Opportunity>>;
  /**
   * Null when not found; InvalidInputError as for create. With `asMember` (a member's user uuid), a ForbiddenError,
   * nothing written, when that user neither owns nor created the opportunity as the write's transaction reads it.
   */
  update(
    tenantUuid: string,
    opportunityUuid: string,
    changes: OpportunityChanges,
    actor: { user_uuid: string | null },
    viewer: Viewer,
    options?: OpportunityWriteOptions,
  ): Promise<Opportunity | null>;
  /**
   * Deletes the opportunity, its sub-opportunities and their associations. False when not found. With `asMember` (a
   * member's user uuid), a ForbiddenError naming the first such record, nothing deleted, when the opportunity or a
   * sub-opportunity is neither owned nor created by that user, checked in the deletion's transaction: a colleague's
   * sub-opportunity created meanwhile is found.
   */
  delete(tenantUuid: string, opportunityUuid: string, options?: OpportunityWriteOptions): Promise<boolean>;
  /**
   * One page of the filtered, sorted list. By `days_in_stage` a scan is ordered as of its first page: `lastKey` leads
   * with that instant, and a key without it is an InvalidInputError (a cursor of before; start the scan again). By
   * `stage` it leads with the first page's instant and pipeline order, and a page after a reorder of the stages is an
   * InvalidInputError (start the scan again).
   */
  list(tenantUuid: string, request: OpportunityListRequest): Promise<OpportunityPage>;
  /** Recomputes the stored last-activity dates of these opportunities (all of the tenant's when omitted). */
  refreshActivity(tenantUuid: string, opportunityUuids?: readonly string[]): Promise<void>;
}

/** `store.associations`: the links of opportunities, notes and tasks to other records. */
export interface AssociationRepository {
  /** The live opportunities each person or company is associated with (those with none are absent), by uuid. */
  opportunitiesOf(tenantUuid: string, entityType: "PERSON" | "COMPANY", entityUuids: readonly string[]): Promise<Map<string, string[]>>;
  /**
   * For each person or company: how many live opportunities it is associated with, and the uuids of the
   * `limit` most recently updated ones (those with none are absent). Bounded whatever the counts: for
   * lists of many records, where `opportunitiesOf` would return every link of a busy contact.
   */
  recentOpportunitiesOf(
    tenantUuid: string,
    entityType: "PERSON" | "COMPANY",
    entityUuids: readonly string[],
    limit: number,
  ): Promise<Map<string, { total: number; recent: string[] }>>;
  /**
   * Links two records, or returns the link that already joins them (in either direction, with its
   * original context). Throws NotFoundError, writing nothing, when either is not a live record of the tenant
   * visible to the viewer, checked in the transaction that writes the link. With `asMember` (a member's user uuid), a
   * ForbiddenError, nothing written, when the owner is a note that user does not own or an opportunity they neither own
   * nor created, as the link's transaction reads it.
   */
  link(
    tenantUuid: string,
    owner: { type: AssociationOwnerType; uuid: string },
    target: { type: EntityType; uuid: string; context?: string | null },
    viewer: Viewer,
    options?: MemberWriteOptions,
  ): Promise<LinkResult>;
  /** Links of a record, seen from it, oldest first; links to tasks the viewer cannot see are left out. */
  list(tenantUuid: string, recordType: AssociationOwnerType, recordUuid: string, viewer: Viewer): Promise<LinkedEntity[]>;
  /**
   * Removes one link of the record. False when the record has no such link among those `list` shows the viewer.
   * Throws InvalidInputError when it is the last person or company link an opportunity's type pins. With `asMember`, a
   * ForbiddenError, nothing removed, when the record is a note or opportunity that user may not change (as for `link`).
   */
  unlink(tenantUuid: string, recordType: AssociationOwnerType, recordUuid: string, linkUuid: string, viewer: Viewer, options?: MemberWriteOptions): Promise<boolean>;
}

/** What a list of Note records asks for: its position and length, filters and order. */
export interface NoteListRequest extends PageRequest {
  /** Only notes linked to this record (none for a task the viewer cannot see: another user's PERSONAL task). */
  entity?: { type: EntityType; uuid: string };
  /** Only notes whose `updated_at` is at or after this instant (epoch milliseconds); it moves when their links change too. */
  updated_after?: number;
  /** The order's column: `created_at` (the default) or `updated_at`. */
  sort_by?: RecordTimeSort;
  order: SortOrder;
  viewer: Viewer;
}

/** `store.notes`: notes. */
export interface NoteRepository {
  /**
   * Creates the note and its links atomically. Throws InvalidInputError, writing nothing, when a link target is not a
   * live record of the tenant visible to the viewer.
   */
  create(input: NewNote, viewer: Viewer): Promise<Note>;
  get(tenantUuid: string, noteUuid: string, viewer: Viewer): Promise<Note | null>;
  /** Newest first by default (`order` applies to created_at). */
  list(tenantUuid: string, request: NoteListRequest): Promise<Page<Note>>;
  /**
   * Null when not found. With `asMember` (a member's user uuid), a ForbiddenError, nothing written, when the note is
   * not that user's: checked in the write's transaction, so an owner changed since the caller's read is seen.
   */
  update(tenantUuid: string, noteUuid: string, changes: NoteChanges, viewer: Viewer, options?: MemberWriteOptions): Promise<Note | null>;
  /** Deletes the note and its links. False when not found; `asMember` as for `update`. */
  delete(tenantUuid: string, noteUuid: string, options?: MemberWriteOptions): Promise<boolean>;
}

/** The filters of a list of Task records: each one given narrows it. */
export interface TaskListFilters {
  status?: TaskStatus[];
  scope?: TaskScope;
  assignee_user_uuid?: string;
  entity?: { type: EntityType; uuid: string };
  /** Only tasks whose `updated_at` is at or after this instant (epoch milliseconds); it moves when their links change too. */
  updated_after?: number;
  /** Only tasks due on or after this calendar date (`YYYY-MM-DD`); a task without a due date never matches. */
  due_date_from?: string;
  /** Only tasks due on or before this calendar date (`YYYY-MM-DD`); a task without a due date never matches. */
  due_date_to?: string;
}

/** The time a note or task list is ordered by. */
export type RecordTimeSort = "created_at" | "updated_at";

/** What a list of Task records asks for: its position and length, filters and order. */
export interface TaskListRequest extends PageRequest {
  filters: TaskListFilters;
  /** The order's column: `created_at` (the default) or `updated_at`. */
  sort_by?: RecordTimeSort;
  order: SortOrder;
  viewer: Viewer;
}

/** `store.tasks`: tasks. */
export interface TaskRepository {
  /**
   * Creates the task and its links atomically. Throws InvalidInputError, writing nothing, when a link target is not a
   * live record of the tenant visible to the viewer.
   */
  create(input: NewTask, viewer: Viewer): Promise<Task>;
  /** A live task the viewer may see (WORKSPACE, or PERSONAL created by the viewer); else null. */
  get(tenantUuid: string, taskUuid: string, viewer: Viewer): Promise<Task | null>;
  list(tenantUuid: string, request: TaskListRequest): Promise<Page<Task>>;
  /** Null when the viewer cannot see the task. */
  update(tenantUuid: string, taskUuid: string, changes: TaskChanges, viewer: Viewer): Promise<Task | null>;
  /** Soft-deletes a task the viewer can see and removes its links; false otherwise. */
  delete(tenantUuid: string, taskUuid: string, viewer: Viewer): Promise<boolean>;
}

/** `store.files`: stored files. */
export interface FileRepository {
  create(input: NewStoredFile): Promise<StoredFile>;
  get(tenantUuid: string, fileUuid: string): Promise<StoredFile | null>;
  /** The bytes of a file, or null. */
  content(tenantUuid: string, fileUuid: string): Promise<Uint8Array | null>;
  /**
   * Deletes the file, its bytes and its links. False when not found. With `asMember` (a member's user uuid), a
   * ForbiddenError, nothing deleted, when another user uploaded it, checked in the deletion's transaction.
   */
  delete(tenantUuid: string, fileUuid: string, options?: MemberWriteOptions): Promise<boolean>;
}

/** `store.records`: which records exist, and users found by user or person uuid. */
export interface RecordLookupRepository {
  /** Which of these records exist (live, and visible to the viewer for tasks). */
  existing(tenantUuid: string, entityType: EntityType, uuids: readonly string[], viewer: Viewer): Promise<Set<string>>;
  /**
   * Maps each given UUID that names a user of the tenant, by user UUID or by the user's person
   * UUID, to the user UUID. Deactivated users resolve too.
   */
  resolveUsers(tenantUuid: string, uuids: readonly string[]): Promise<Map<string, string>>;
  /** Moves every deal-workspace reference from one person to another (for person merges). */
  repointPersonReferences(tenantUuid: string, fromPersonUuid: string, toPersonUuid: string): Promise<void>;
}
