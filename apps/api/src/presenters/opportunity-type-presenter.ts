/** Opportunity types, stages and custom field definitions as the API shows them. */
import type { OpportunityCustomField, OpportunityStage, OpportunityType } from "@rapport/store";
import { CUSTOM_FIELD_TYPES, STAGE_TYPES } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const pinningConfigSchema = z
  .object({
    person_required: z.boolean().describe("An opportunity of this type must have at least one PERSON association."),
    company_required: z.boolean().describe("An opportunity of this type must have at least one COMPANY association."),
  })
  .describe("Which associations an opportunity of the type must have, from its creation on.");

export const opportunityTypeSchema = z
  .object({
    uuid: z.string(),
    label: z.string().describe("Singular name, e.g. 'Deal'."),
    label_plural: z.string(),
    sub_label: z.string().describe("Singular name of a sub-opportunity, e.g. 'Tranche'."),
    sub_label_plural: z.string(),
    description: z.string().nullable(),
    is_hidden: z.boolean().describe("Hidden types are left out of GET /v1/opportunity-types unless include_hidden=true."),
    subopportunities_enabled: z.boolean().describe("Whether opportunities of this type may have sub-opportunities."),
    pinning_config: pinningConfigSchema,
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds("Last change."),
  })
  .describe("An opportunity type: a pipeline with its own stages.");

export function presentOpportunityType(type: OpportunityType): z.input<typeof opportunityTypeSchema> {
  return {
    uuid: type.uuid,
    label: type.label,
    label_plural: type.label_plural,
    sub_label: type.sub_label,
    sub_label_plural: type.sub_label_plural,
    description: type.description,
    is_hidden: type.is_hidden,
    subopportunities_enabled: type.subopportunities_enabled,
    pinning_config: type.pinning_config,
    created_at: type.created_at,
    updated_at: type.updated_at,
  };
}

export const opportunityStageSchema = z
  .object({
    uuid: z.string(),
    type_uuid: z.string().describe("The type the stage belongs to; a stage is valid only with it."),
    stage_type: z.enum(STAGE_TYPES).describe("PARENT: a stage of top-level opportunities; CHILD: of sub-opportunities."),
    name: z.string(),
    color: z.string().nullable().describe("Display color, e.g. '#3b82f6'."),
    percentage: z.number().describe("Default probability (0-100) of an opportunity created in this stage."),
    is_hidden: z.boolean(),
    position: z.number().int().describe("Pipeline order, from 0; what sort_by=stage orders by."),
  })
  .describe("A stage of an opportunity type's pipeline.");

export function presentOpportunityStage(stage: OpportunityStage): z.input<typeof opportunityStageSchema> {
  return {
    uuid: stage.uuid,
    type_uuid: stage.type_uuid,
    stage_type: stage.stage_type,
    name: stage.name,
    color: stage.color,
    percentage: stage.percentage,
    is_hidden: stage.is_hidden,
    position: stage.position,
  };
}

export const customFieldSchema = z
  .object({
    uuid: z.string(),
    key: z.string().describe("Stable machine name; custom_fields may be written by key or by UUID."),
    name: z.string().describe("Display name."),
    type: z.enum(CUSTOM_FIELD_TYPES),
    choices: z.array(z.string()).describe("Allowed values of single_select and multi_select fields; empty otherwise."),
  })
  .describe("A custom field definition of opportunities.");

export function presentCustomField(field: OpportunityCustomField): z.input<typeof customFieldSchema> {
  return { uuid: field.uuid, key: field.key, name: field.name, type: field.type, choices: field.choices };
}
