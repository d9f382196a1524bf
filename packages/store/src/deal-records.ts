/**
 * @module
 * Records of the deal workspace: opportunity types, stages, custom fields, opportunities,
 * associations, notes, tasks and files. Field names follow the API specification (snake_case).
 */

/** A stage's `stage_type`: a stage of parent opportunities or of sub-opportunities (child ones). */
export const STAGE_TYPES = ["PARENT", "CHILD"] as const;
/** One of `STAGE_TYPES`. */
export type StageType = (typeof STAGE_TYPES)[number];

/** Which associations an opportunity of the type must have from its creation on. */
export interface PinningConfig {
  person_required: boolean;
  company_required: boolean;
}

/** An opportunity type: a pipeline of stages, with its labels and custom fields. */
export interface OpportunityType {
  uuid: string;
  tenant_uuid: string;
  label: string;
  label_plural: string;
  sub_label: string;
  sub_label_plural: string;
  description: string | null;
  is_hidden: boolean;
  subopportunities_enabled: boolean;
  pinning_config: PinningConfig;
  created_at: number;
  updated_at: number;
}

/** What creating an opportunity type takes. */
export interface NewOpportunityType {
  tenant_uuid: string;
  label: string;
  label_plural?: string | null;
  sub_label?: string | null;
  sub_label_plural?: string | null;
  description?: string | null;
  is_hidden?: boolean;
  subopportunities_enabled?: boolean;
  pinning_config?: Partial<PinningConfig>;
}

/** What an update of an opportunity type changes: each field given (those left out stay). */
export type OpportunityTypeChanges = Partial<Omit<NewOpportunityType, "tenant_uuid">>;

/** A stage of an opportunity type's pipeline. */
export interface OpportunityStage {
  uuid: string;
  tenant_uuid: string;
  type_uuid: string;
  stage_type: StageType;
  name: string;
  color: string | null;
  /** Default probability (0-100) of an opportunity entering the stage without one. */
  percentage: number;
  is_hidden: boolean;
  /** Pipeline order within the type and stage_type, from 0. */
  position: number;
  created_at: number;
  updated_at: number;
}

/** What creating a stage takes. */
export interface NewOpportunityStage {
  tenant_uuid: string;
  type_uuid: string;
  stage_type: StageType;
  name: string;
  color?: string | null;
  percentage?: number;
  is_hidden?: boolean;
}

/** What an update of a stage changes: each field given (those left out stay). */
export type OpportunityStageChanges = Partial<Pick<NewOpportunityStage, "name" | "color" | "percentage" | "is_hidden">>;

/** The value types of an opportunity custom field. */
export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "boolean", "single_select", "multi_select"] as const;
/** One of `CUSTOM_FIELD_TYPES`. */
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A custom field of an opportunity type. */
export interface OpportunityCustomField {
  uuid: string;
  tenant_uuid: string;
  /** Stable machine name, unique in the tenant: `[a-z][a-z0-9_]*`. */
  key: string;
  name: string;
  type: CustomFieldType;
  /** Allowed values of the select types; empty for the others. */
  choices: string[];
  created_at: number;
  updated_at: number;
}

/** What creating a custom field of an opportunity type takes. */
export interface NewOpportunityCustomField {
  tenant_uuid: string;
  key: string;
  name: string;
  type: CustomFieldType;
  choices?: string[];
}

/** What an update of a custom field changes: each field given (those left out stay). */
export type OpportunityCustomFieldChanges = Partial<Pick<NewOpportunityCustomField, "name" | "choices">>;

/** Every kind of record an association may point at. */
export const ENTITY_TYPES = ["PERSON", "COMPANY", "NOTE", "FILE", "TASK", "OPPORTUNITY"] as const;
/** One of `ENTITY_TYPES`. */
export type EntityType = (typeof ENTITY_TYPES)[number];

/** Records that own associations (the path of the association endpoints). */
export const ASSOCIATION_OWNER_TYPES = ["OPPORTUNITY", "NOTE", "TASK"] as const;
/** One of `ASSOCIATION_OWNER_TYPES`. */
export type AssociationOwnerType = (typeof ASSOCIATION_OWNER_TYPES)[number];

/** A link between two records, as seen from one of them: `entity_*` is the other side. */
export interface LinkedEntity {
  uuid: string;
  /** `<OWNER>_TO_<ENTITY>`: the direction the link was made in, e.g. `OPPORTUNITY_TO_PERSON`, `NOTE_TO_OPPORTUNITY`. */
  association_type: string;
  entity_type: EntityType;
  entity_uuid: string;
  context: string | null;
  created_at: number;
  updated_at: number;
}

/** The result of linking two records: the new link, or the one that already joined them. */
export interface LinkResult {
  link: LinkedEntity;
  created: boolean;
}

/** A person or company on an opportunity, with what the opportunity's associations show. */
export interface AssociatedPerson {
  uuid: string;
  name: string;
  email: string | null;
  logo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  last_activity_at: number | null;
}

/** A company an opportunity is linked to, as the opportunity shows it. */
export interface AssociatedCompany {
  uuid: string;
  name: string;
  logo_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  last_activity_at: number | null;
}

/** A record an opportunity is linked to, with its display fields. */
export interface OpportunityAssociation extends LinkedEntity {
  /** Last email or meeting with the associated person or company. */
  last_activity_at: number | null;
  person: AssociatedPerson | null;
  company: AssociatedCompany | null;
}

/** An internal user as an actor on a record. */
export interface UserReference {
  user_uuid: string;
  person_uuid: string;
  name: string;
  logo_url: string | null;
}

/** A person an opportunity names (its intro person), with their display fields. */
export interface PersonReference {
  uuid: string;
  name: string;
  logo_url: string | null;
}

/** The count and sums of an opportunity's live sub-opportunities. */
export interface ChildrenMetadata {
  count: number;
  probability_sum: number;
  value_sum: number;
  weighted_value_sum: number;
}

/** An opportunity (or a sub-opportunity) with its stage, values and links. */
export interface Opportunity {
  uuid: string;
  tenant_uuid: string;
  name: string;
  details: string | null;
  next_step: string | null;
  value: number | null;
  /** Percent, 0-100. */
  probability: number | null;
  /** value × probability / 100; null when either is null. */
  weighted_value: number | null;
  type: OpportunityType;
  stage: OpportunityStage;
  parent_uuid: string | null;
  parent_name: string | null;
  owner: UserReference | null;
  intro_person: PersonReference | null;
  created_by: UserReference | null;
  updated_by: UserReference | null;
  source_date: string | null;
  intro_date: string | null;
  close_date: string | null;
  stage_entered_at: number;
  days_in_stage: number;
  last_activity_at: number | null;
  company_last_activity_at: number | null;
  person_last_activity_at: number | null;
  /** Stored custom field values keyed by field UUID. */
  custom_fields: Record<string, unknown>;
  children_metadata: ChildrenMetadata;
  notes_and_files_count: number;
  associations: OpportunityAssociation[];
  /** The text `search` matches: the name and the associated persons' and companies' names. */
  search_string: string;
  created_at: number;
  updated_at: number;
}

/** An association requested together with a new record. */
export interface NewLink {
  entity_type: EntityType;
  entity_uuid: string;
  context?: string | null;
}

/** What creating an opportunity takes. */
export interface NewOpportunity {
  tenant_uuid: string;
  name: string;
  type_uuid?: string | null;
  stage_uuid: string;
  parent_uuid?: string | null;
  details?: string | null;
  next_step?: string | null;
  value?: number | null;
  probability?: number | null;
  owner_user_uuid?: string | null;
  intro_person_uuid?: string | null;
  source_date?: string | null;
  intro_date?: string | null;
  close_date?: string | null;
  /** Keyed by field UUID or key; validated against the field's type. */
  custom_fields?: Record<string, unknown>;
  associations?: NewLink[];
  /** The acting user, recorded as created_by and updated_by. */
  actor_user_uuid?: string | null;
}

/** What an update of an opportunity changes: each field given (those left out stay). */
export interface OpportunityChanges {
  name?: string;
  type_uuid?: string;
  stage_uuid?: string;
  details?: string | null;
  next_step?: string | null;
  value?: number | null;
  probability?: number | null;
  owner_user_uuid?: string | null;
  intro_person_uuid?: string | null;
  source_date?: string | null;
  intro_date?: string | null;
  close_date?: string | null;
  /** Merged per key into the stored values; a null value removes the key. */
  custom_fields?: Record<string, unknown>;
}

/** A note with its links. */
export interface Note {
  uuid: string;
  tenant_uuid: string;
  title: string | null;
  content: string;
  owner: UserReference | null;
  associations: LinkedEntity[];
  created_at: number;
  updated_at: number;
}

/** What creating a note takes. */
export interface NewNote {
  tenant_uuid: string;
  title?: string | null;
  content: string;
  owner_user_uuid?: string | null;
  associations?: NewLink[];
}

/** What an update of a note changes: each field given (those left out stay). */
export interface NoteChanges {
  title?: string | null;
  content?: string;
}

/** Who sees a task: its creator alone (`PERSONAL`) or the whole workspace. */
export const TASK_SCOPES = ["PERSONAL", "WORKSPACE"] as const;
/** One of `TASK_SCOPES`. */
export type TaskScope = (typeof TASK_SCOPES)[number];

/** A task's statuses. */
export const TASK_STATUSES = ["OPEN", "IN_PROGRESS", "DONE", "CANCELLED"] as const;
/** One of `TASK_STATUSES`. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A task with its links. */
export interface Task {
  uuid: string;
  tenant_uuid: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  scope: TaskScope;
  due_date: string | null;
  assignee: UserReference | null;
  created_by: UserReference | null;
  associations: LinkedEntity[];
  created_at: number;
  updated_at: number;
}

/** What creating a task takes. */
export interface NewTask {
  tenant_uuid: string;
  title: string;
  description?: string | null;
  status?: TaskStatus;
  scope: TaskScope;
  due_date?: string | null;
  assignee_user_uuid?: string | null;
  created_by_user_uuid?: string | null;
  associations?: NewLink[];
}

/** What an update of a task changes: each field given (those left out stay). */
export interface TaskChanges {
  title?: string;
  description?: string | null;
  status?: TaskStatus;
  due_date?: string | null;
  assignee_user_uuid?: string | null;
}

/** A stored file's record (its content is read apart). */
export interface StoredFile {
  uuid: string;
  tenant_uuid: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_by: UserReference | null;
  created_at: number;
}

/** What storing a file takes. */
export interface NewStoredFile {
  tenant_uuid: string;
  filename: string;
  content_type: string;
  content: Uint8Array;
  uploaded_by_user_uuid?: string | null;
}
