/**
 * @module
 * The shapes of the store's create inputs and patches: every field a write takes, its type, and the required ones.
 * A field the write does not take is refused (a misspelt one was dropped). Rules that need more than a type (blank
 * text, a calendar date, a record that must exist) stay with the repositories, which word them.
 */
import { z } from "zod";
import { ATTENDEE_RESPONSES, MEETING_STATUSES } from "../activity-records.js";
import { CUSTOM_FIELD_TYPES, ENTITY_TYPES, STAGE_TYPES, TASK_SCOPES, TASK_STATUSES } from "../deal-records.js";
import { IMPORT_KINDS } from "../import-records.js";
import { COMPANY_TEXT_FIELDS, ENTITY_LIST_KINDS, ROLES, TIERS } from "../records.js";
import { identifier, interactionTime } from "./call-shapes.js";

const text = z.string();
const optionalText = z.string().nullable().optional();
const optionalReference = identifier.nullable().optional();
const optionalNumber = z.number().nullable().optional();
const optionalFlag = z.boolean().optional();
const texts = z.array(z.string()).optional();
const freeFields = z.record(z.string(), z.unknown()).optional();

/** Every field of a create input optional, as its patch takes them, without those named (`tenant_uuid` always). */
function patchOf<Fields extends z.ZodRawShape>(fields: Fields, ...left: string[]) {
  const kept = Object.entries(fields).filter(([name]) => name !== "tenant_uuid" && !left.includes(name));
  return z.strictObject(Object.fromEntries(kept.map(([name, schema]) => [name, (schema as z.ZodType).optional()])));
}

/** An association made together with a new note, task or opportunity. */
const newLinks = z.array(z.strictObject({ entity_type: z.enum(ENTITY_TYPES), entity_uuid: identifier, context: optionalText })).optional();

/** An email's or a meeting's participant: a person by uuid, or an address and maybe a name. */
const participant = { person_uuid: identifier.optional(), email: z.string().optional(), name: optionalText };

const tenantFields = { name: text, tier: z.enum(TIERS), per_second_limit: optionalNumber, monthly_limit: optionalNumber };

const personFields = {
  tenant_uuid: identifier,
  first_name: optionalText,
  last_name: optionalText,
  name: optionalText,
  emails: z.array(z.union([z.string(), z.strictObject({ address: z.string(), is_primary: optionalFlag })])).optional(),
  job_title: optionalText,
  primary_company_uuid: optionalReference,
  linkedin_url: optionalText,
  twitter_url: optionalText,
  facebook_url: optionalText,
  logo_url: optionalText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  tags: texts,
  is_internal: optionalFlag,
  affiliations: z
    .array(z.strictObject({ company_uuid: identifier, title: optionalText, is_current: optionalFlag, started_on: optionalText, ended_on: optionalText }))
    .optional(),
};

const companyFields = {
  tenant_uuid: identifier,
  company_name: text,
  domain: optionalText,
  former_domains: z.array(z.string()).optional(),
  company_custom_fields: freeFields,
  service_industry_tags: texts,
  ...Object.fromEntries(COMPANY_TEXT_FIELDS.map((field) => [field, optionalText])),
  investor_types: texts,
  last_investment_type: optionalText,
  last_investment_date: optionalText,
  npi_types: texts,
  npi_date: optionalText,
  score: optionalNumber,
  overall_operating_score: optionalNumber,
  overall_investor_score: optionalNumber,
};

const meetingFields = {
  title: text,
  starts_at: interactionTime,
  ends_at: interactionTime.nullable().optional(),
  status: z.enum(MEETING_STATUSES).optional(),
  organizer: z.strictObject(participant).nullable().optional(),
  attendees: z.array(z.strictObject({ ...participant, response: z.enum(ATTENDEE_RESPONSES).optional() })),
  location: optionalText,
  external_id: optionalText,
  created_by_user_uuid: optionalReference,
};

const opportunityTypeFields = {
  tenant_uuid: identifier,
  label: text,
  label_plural: optionalText,
  sub_label: optionalText,
  sub_label_plural: optionalText,
  description: optionalText,
  is_hidden: optionalFlag,
  subopportunities_enabled: optionalFlag,
  pinning_config: z.strictObject({ person_required: optionalFlag, company_required: optionalFlag }).optional(),
};

const opportunityStageFields = {
  tenant_uuid: identifier,
  type_uuid: identifier,
  stage_type: z.enum(STAGE_TYPES),
  name: text,
  color: optionalText,
  percentage: z.number().optional(),
  is_hidden: optionalFlag,
};

const customFieldFields = { tenant_uuid: identifier, key: text, name: text, type: z.enum(CUSTOM_FIELD_TYPES), choices: texts };

/** The fields an opportunity's create and update share. */
const opportunityFields = {
  details: optionalText,
  next_step: optionalText,
  value: optionalNumber,
  probability: optionalNumber,
  owner_user_uuid: optionalReference,
  intro_person_uuid: optionalReference,
  source_date: optionalText,
  intro_date: optionalText,
  close_date: optionalText,
  custom_fields: freeFields,
};

const taskFields = {
  tenant_uuid: identifier,
  title: text,
  description: optionalText,
  status: z.enum(TASK_STATUSES).optional(),
  scope: z.enum(TASK_SCOPES),
  due_date: optionalText,
  assignee_user_uuid: optionalReference,
  created_by_user_uuid: optionalReference,
  associations: newLinks,
};

/** Each write's input (`person`) and patch (`personPatch`), by the record it writes. */
export const INPUT_SHAPES = {
  tenant: z.strictObject(tenantFields),
  tenantTier: z.strictObject({ tier: tenantFields.tier, per_second_limit: tenantFields.per_second_limit, monthly_limit: tenantFields.monthly_limit }),
  user: z.strictObject({ tenant_uuid: identifier, name: text, email: text, role: z.enum(ROLES) }),
  apiKey: z.strictObject({
    tenant_uuid: identifier,
    user_uuid: optionalReference,
    key_hash: text,
    key_prefix: text,
    label: optionalText,
    read_only: optionalFlag,
  }),
  person: z.strictObject(personFields),
  personPatch: patchOf(personFields, "is_internal"),
  company: z.strictObject(companyFields),
  companyPatch: patchOf(companyFields),
  email: z.strictObject({
    // The repository words its refusal (`must be a non-blank string; got 42`), as it does for an item of `ingestMany`.
    message_id: z.unknown(),
    sent_at: interactionTime,
    subject: optionalText,
    from: z.strictObject(participant),
    to: z.array(z.strictObject(participant)).optional(),
    cc: z.array(z.strictObject(participant)).optional(),
  }),
  meeting: z.strictObject(meetingFields),
  meetingPatch: patchOf(meetingFields, "created_by_user_uuid"),
  meetingOptions: z.strictObject({ refuseRepeatedAttendees: optionalFlag }).optional(),
  meetingUpdateOptions: z.strictObject({ refuseRepeatedAttendees: optionalFlag, asMember: identifier.optional() }).optional(),
  entityList: z.strictObject({ tenant_uuid: identifier, name: text, kind: z.enum(ENTITY_LIST_KINDS), owner_user_uuid: optionalReference }),
  importJob: z.strictObject({
    kind: z.enum(IMPORT_KINDS),
    dry_run: z.boolean(),
    file_name: optionalText,
    file_bytes: optionalNumber,
    options: freeFields,
    owner_user_uuid: optionalReference,
    created_by_user_uuid: optionalReference,
    runner: optionalText,
  }),
  opportunityType: z.strictObject(opportunityTypeFields),
  opportunityTypePatch: patchOf(opportunityTypeFields),
  opportunityStage: z.strictObject(opportunityStageFields),
  opportunityStagePatch: patchOf(opportunityStageFields, "type_uuid", "stage_type"),
  customField: z.strictObject(customFieldFields),
  customFieldPatch: patchOf(customFieldFields, "key", "type"),
  opportunity: z.strictObject({
    tenant_uuid: identifier,
    name: text,
    type_uuid: optionalReference,
    stage_uuid: identifier,
    parent_uuid: optionalReference,
    ...opportunityFields,
    associations: newLinks,
    actor_user_uuid: optionalReference,
  }),
  opportunityPatch: z.strictObject({
    name: text.optional(),
    type_uuid: identifier.optional(),
    stage_uuid: identifier.optional(),
    ...opportunityFields,
  }),
  note: z.strictObject({ tenant_uuid: identifier, title: optionalText, content: text, owner_user_uuid: optionalReference, associations: newLinks }),
  notePatch: z.strictObject({ title: optionalText, content: text.optional() }),
  task: z.strictObject(taskFields),
  taskPatch: patchOf(taskFields, "scope", "created_by_user_uuid", "associations"),
  file: z.strictObject({
    tenant_uuid: identifier,
    filename: text,
    content_type: text,
    content: z.instanceof(Uint8Array),
    uploaded_by_user_uuid: optionalReference,
  }),
};
