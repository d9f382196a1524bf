/** Body fields of opportunity writes, shared by create and update. */
import { ENTITY_TYPES } from "@rapport/store";
import { z } from "zod";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_CUSTOM_FIELDS_PER_RECORD } from "../../platform/request/count-limits.js";
import { calendarDate } from "../../platform/request/date-schemas.js";
import {
  MAX_ASSOCIATION_CONTEXT_LENGTH,
  MAX_CUSTOM_FIELD_REFERENCE_LENGTH,
  MAX_OPPORTUNITY_NAME_LENGTH,
  MAX_OPPORTUNITY_TEXT_LENGTH,
  MAX_OPPORTUNITY_VALUE,
} from "../../platform/request/field-limits.js";
import { multiLineIfText, nullableTextAsWritten, requiredName } from "../../platform/request/field-schemas.js";

const text = (description: string) => nullableTextAsWritten(description, MAX_OPPORTUNITY_TEXT_LENGTH);

export const opportunityWriteFields = {
  name: requiredName(MAX_OPPORTUNITY_NAME_LENGTH).describe("The opportunity's name."),
  details: text("Free-text details."),
  next_step: text("The next step to take."),
  value: z.number().min(0).max(MAX_OPPORTUNITY_VALUE).nullable().describe("Monetary value (at least 0)."),
  probability: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .describe("Probability in percent, 0-100. On creation it defaults to the stage's percentage."),
  owner_user_uuid: uuidString("The owner: an active user's UUID, or that user's person UUID; null for unassigned.").nullable(),
  intro_person_uuid: uuidString("The person who made the introduction.").nullable(),
  source_date: calendarDate("When the opportunity was sourced.").nullable(),
  intro_date: calendarDate("When the introduction happened.").nullable(),
  close_date: calendarDate("Expected or actual close.").nullable(),
  custom_fields: z
    .record(z.string().max(MAX_CUSTOM_FIELD_REFERENCE_LENGTH), z.unknown().superRefine(multiLineIfText))
    .refine((fields) => Object.keys(fields).length <= MAX_CUSTOM_FIELDS_PER_RECORD, `at most ${MAX_CUSTOM_FIELDS_PER_RECORD} custom fields`)
    .describe("Custom field values keyed by field UUID or key (see custom_field_mapping); null removes a value."),
};

export const associationInput = z
  .object({
    entity_type: z.enum(ENTITY_TYPES).describe("Kind of record: PERSON, COMPANY, NOTE, FILE, TASK or OPPORTUNITY."),
    entity_uuid: uuidString("The record's UUID."),
    context: nullableTextAsWritten("Free text about the link, e.g. 'lead investor'.", MAX_ASSOCIATION_CONTEXT_LENGTH).optional(),
  })
  .strict();

type AssociationInput = z.output<typeof associationInput>;

/**
 * Refuses a record named twice with different contexts: a record links once, so one context was dropped without a
 * word. Named twice alike it is one link, as a repeated POST .../associations is.
 */
export function refuseRelinkedWithOtherContext(associations: AssociationInput[], context: z.RefinementCtx): void {
  const firstAt = new Map<string, number>();
  associations.forEach((association, index) => {
    const key = `${association.entity_type} ${association.entity_uuid}`;
    const first = firstAt.get(key);
    if (first === undefined) return void firstAt.set(key, index);
    const [kept, again] = [associations[first]!.context ?? null, association.context ?? null];
    if (kept === again) return;
    context.addIssue({
      code: "custom",
      path: [index, "context"],
      message:
        `${association.entity_type} ${association.entity_uuid} is associations[${first}] too, with another context ` +
        `(${JSON.stringify(kept)}, here ${JSON.stringify(again)}): a record is associated once, so send it once with the context to keep`,
    });
  });
}
