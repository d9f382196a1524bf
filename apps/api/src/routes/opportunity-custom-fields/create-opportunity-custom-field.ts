/** POST /v1/opportunity-custom-fields: defines a custom field (administrators). */
import { CUSTOM_FIELD_TYPES } from "@rapport/store";
import { z } from "zod";
import { requiredLine, requiredName } from "../../platform/request/field-schemas.js";
import { defineOperation } from "../../operations/operation.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { customFieldSchema, presentCustomField } from "../../presenters/opportunity-type-presenter.js";
import { MAX_CUSTOM_FIELD_CHOICES, MAX_CUSTOM_FIELDS_PER_RECORD } from "../../platform/request/count-limits.js";
import { MAX_CUSTOM_FIELD_CHOICE_LENGTH, MAX_CUSTOM_FIELD_KEY_LENGTH, MAX_CUSTOM_FIELD_NAME_LENGTH } from "../../platform/request/field-limits.js";

/** A custom field's key: a lower-case letter, then lower-case letters, digits and _, at most MAX_CUSTOM_FIELD_KEY_LENGTH in all. */
const CUSTOM_FIELD_KEY_PATTERN = new RegExp(`^[a-z][a-z0-9_]{0,${MAX_CUSTOM_FIELD_KEY_LENGTH - 1}}$`);

export const choicesField = z
  .array(requiredLine(MAX_CUSTOM_FIELD_CHOICE_LENGTH))
  .max(MAX_CUSTOM_FIELD_CHOICES)
  .refine((choices) => new Set(choices).size === choices.length, "choices must be distinct")
  .describe("Allowed values of a single_select or multi_select field.");

export const createOpportunityCustomField = defineOperation({
  operationId: "createOpportunityCustomField",
  method: "post",
  path: "/v1/opportunity-custom-fields",
  area: "Opportunity",
  summary: "Create an opportunity custom field",
  description:
    `Defines a custom field for opportunities. key is unique in the tenant (409 when taken, or when ${MAX_CUSTOM_FIELDS_PER_RECORD} fields exist); select types need choices. Administrators only (403 for members).`,
  body: z
    .object({
      key: z
        .string()
        .regex(CUSTOM_FIELD_KEY_PATTERN, `must start with a lower-case letter and use only a-z, 0-9 and _ (at most ${MAX_CUSTOM_FIELD_KEY_LENGTH})`)
        .describe("Stable machine name, e.g. 'fund_vehicle'."),
      name: requiredName(MAX_CUSTOM_FIELD_NAME_LENGTH).describe("Display name."),
      type: z.enum(CUSTOM_FIELD_TYPES).describe("Value type."),
      choices: choicesField.optional(),
    })
    .strict(),
  successStatus: 201,
  response: customFieldSchema,
  errors: [409],
  example: { body: { key: "fund_vehicle", name: "Fund vehicle", type: "single_select", choices: ["Fund I", "Fund II"] } },
  onlyAdministratorsMay: "define custom fields",
  async handler({ body, auth, services }) {
    const isSelect = body.type === "single_select" || body.type === "multi_select";
    if (isSelect && !body.choices?.length) throw badRequest(`a ${body.type} field needs at least one choice`);
    if (!isSelect && body.choices?.length) throw badRequest(`choices apply only to single_select and multi_select fields`);
    const field = await services.store.opportunityCustomFields.create({ tenant_uuid: auth.tenant.uuid, ...body });
    return presentCustomField(field);
  },
});
