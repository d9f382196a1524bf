/** The opportunity record (list item and detail) and the custom field mapping that accompanies it. */
import type { Opportunity, OpportunityCustomField } from "@rapport/store";
import { CUSTOM_FIELD_TYPES } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { actorSchema, presentPersonActor, presentUserActor } from "./actor-presenter.js";
import { isoDateTime } from "./iso-date-time.js";
import { opportunityAssociationSchema, presentOpportunityAssociation } from "./association-presenter.js";
import { customFieldSchema, presentCustomField } from "./opportunity-type-presenter.js";

const isoDate = z.string().nullable();

export const customFieldValueSchema = z
  .object({
    uuid: z.string().describe("The field's UUID (see custom_field_mapping.fields)."),
    key: z.string(),
    name: z.string(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    value: z.unknown().describe("The value: string, number, boolean, date string (YYYY-MM-DD) or array of choices, per type."),
  })
  .describe("One custom field value of an opportunity.");

export const opportunitySchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    details: z.string().nullable(),
    next_step: z.string().nullable(),
    value: z.number().nullable().describe("Monetary value, in the tenant's currency."),
    probability: z.number().nullable().describe("Probability in percent, 0-100."),
    weighted_value: z.number().nullable().describe("value × probability / 100; null when either is null."),
    type: z
      .object({
        uuid: z.string(),
        label: z.string(),
        label_plural: z.string(),
        sub_label: z.string(),
        sub_label_plural: z.string(),
        is_hidden: z.boolean(),
      })
      .describe("The opportunity's type."),
    stage: z.object({ uuid: z.string(), name: z.string() }).describe("The current stage."),
    parent_uuid: z.string().nullable().describe("The parent, for a sub-opportunity; null for a top-level one."),
    parent_name: z.string().nullable(),
    children_metadata: z
      .object({
        count: z.number().int(),
        probability_sum: z.number(),
        value_sum: z.number(),
        weighted_value_sum: z.number(),
      })
      .describe("Sums over the sub-opportunities; zeros when there are none."),
    owner: actorSchema.nullable().describe("The internal user who owns the opportunity; null when unassigned."),
    intro_person: actorSchema.nullable().describe("The person who made the introduction."),
    created_by: actorSchema.nullable().describe("The user who created it; null when created by a tenant-wide key."),
    updated_by: actorSchema.nullable(),
    source_date: isoDate.describe("YYYY-MM-DD."),
    intro_date: isoDate.describe("YYYY-MM-DD."),
    close_date: isoDate.describe("YYYY-MM-DD: expected or actual close."),
    days_in_stage: z.number().int().describe("Whole days since the opportunity entered its current stage."),
    last_activity_date: z.string().nullable().describe("ISO 8601 date-time: the later of person_ and company_last_activity_date."),
    person_last_activity_date: z.string().nullable().describe("ISO 8601 date-time of the last email or meeting with an associated person."),
    company_last_activity_date: z.string().nullable().describe("ISO 8601 date-time of the last email or meeting with an associated company."),
    notes_and_files_count: z.number().int().describe("Notes and files associated with the opportunity."),
    associations: z.array(opportunityAssociationSchema),
    custom_fields: z.array(customFieldValueSchema).describe("Values of the fields in custom_field_mapping.fields."),
    search_string: z.string().describe("What search matches: the name and the associated persons' and companies' names."),
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds(
      "Last change: of the opportunity's own fields, of its associations (a link made or removed from either side, a linked note, task or file deleted, a linked person merged or erased), or of children_metadata (a sub-opportunity created, deleted, or given another value or probability). What updated_after filters on.",
    ),
  })
  .describe("An opportunity (deal).");

export type OpportunityResponse = z.input<typeof opportunitySchema>;

export const customFieldMappingSchema = z
  .object({
    fields: z.array(customFieldSchema).describe("Every custom field defined for opportunities."),
    standard_key_to_uuid: z.record(z.string(), z.string()).describe("Each field's key mapped to its UUID."),
    unresolved_keys: z
      .array(z.string())
      .describe("Stored custom field keys on the opportunities of this response that name no current field (a deleted field)."),
  })
  .describe("How to read custom_fields.");

export function presentOpportunity(opportunity: Opportunity, fields: readonly OpportunityCustomField[]): OpportunityResponse {
  const byUuid = new Map(fields.map((field) => [field.uuid, field]));
  const customFields = Object.entries(opportunity.custom_fields).flatMap(([uuid, value]) => {
    const field = byUuid.get(uuid);
    return field ? [{ uuid, key: field.key, name: field.name, type: field.type, value }] : [];
  });
  return {
    uuid: opportunity.uuid,
    name: opportunity.name,
    details: opportunity.details,
    next_step: opportunity.next_step,
    value: opportunity.value,
    probability: opportunity.probability,
    weighted_value: opportunity.weighted_value,
    type: {
      uuid: opportunity.type.uuid,
      label: opportunity.type.label,
      label_plural: opportunity.type.label_plural,
      sub_label: opportunity.type.sub_label,
      sub_label_plural: opportunity.type.sub_label_plural,
      is_hidden: opportunity.type.is_hidden,
    },
    stage: { uuid: opportunity.stage.uuid, name: opportunity.stage.name },
    parent_uuid: opportunity.parent_uuid,
    parent_name: opportunity.parent_name,
    children_metadata: opportunity.children_metadata,
    owner: presentUserActor(opportunity.owner),
    intro_person: presentPersonActor(opportunity.intro_person),
    created_by: presentUserActor(opportunity.created_by),
    updated_by: presentUserActor(opportunity.updated_by),
    source_date: opportunity.source_date,
    intro_date: opportunity.intro_date,
    close_date: opportunity.close_date,
    days_in_stage: opportunity.days_in_stage,
    last_activity_date: isoDateTime(opportunity.last_activity_at),
    person_last_activity_date: isoDateTime(opportunity.person_last_activity_at),
    company_last_activity_date: isoDateTime(opportunity.company_last_activity_at),
    notes_and_files_count: opportunity.notes_and_files_count,
    associations: opportunity.associations.map(presentOpportunityAssociation),
    custom_fields: customFields,
    search_string: opportunity.search_string,
    created_at: opportunity.created_at,
    updated_at: opportunity.updated_at,
  };
}

export function presentCustomFieldMapping(
  fields: readonly OpportunityCustomField[],
  opportunities: readonly Opportunity[],
): z.input<typeof customFieldMappingSchema> {
  const known = new Set(fields.map((field) => field.uuid));
  const unresolved = new Set(opportunities.flatMap((opportunity) => Object.keys(opportunity.custom_fields)).filter((key) => !known.has(key)));
  return {
    fields: fields.map(presentCustomField),
    standard_key_to_uuid: Object.fromEntries(fields.map((field) => [field.key, field.uuid])),
    unresolved_keys: [...unresolved].sort(),
  };
}
