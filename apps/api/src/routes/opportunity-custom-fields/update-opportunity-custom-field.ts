/** PATCH /v1/opportunity-custom-fields/{field_uuid}: renames a field or changes its choices (administrators). */
import { z } from "zod";
import { requiredName } from "../../platform/request/field-schemas.js";
import { defineOperation } from "../../operations/operation.js";
import { badRequest, notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { customFieldSchema, presentCustomField } from "../../presenters/opportunity-type-presenter.js";
import { choicesField } from "./create-opportunity-custom-field.js";
import { MAX_CUSTOM_FIELD_NAME_LENGTH } from "../../platform/request/field-limits.js";

export const updateOpportunityCustomField = defineOperation({
  operationId: "updateOpportunityCustomField",
  method: "patch",
  path: "/v1/opportunity-custom-fields/{field_uuid}",
  area: "Opportunity",
  summary: "Update an opportunity custom field",
  description:
    "Writes name and/or choices; key and type never change. Stored values outside new choices are kept, and taken when written back unchanged. Administrators only; 404 when the field is not in the tenant.",
  params: z.object({ field_uuid: uuidString("The custom field's UUID.") }),
  body: z.object({ name: requiredName(MAX_CUSTOM_FIELD_NAME_LENGTH).describe("Display name."), choices: choicesField }).partial().strict(),
  response: customFieldSchema,
  errors: [404],
  example: { body: { name: "Fund vehicle" } },
  onlyAdministratorsMay: "change custom fields",
  async handler({ params, body, auth, services }) {
    const { store } = services;
    const field = await store.opportunityCustomFields.get(auth.tenant.uuid, params.field_uuid);
    if (!field) throw notFound(`custom field ${params.field_uuid} not found`);
    const isSelect = field.type === "single_select" || field.type === "multi_select";
    if (body.choices && (!isSelect || body.choices.length === 0)) {
      throw badRequest(isSelect ? "a select field needs at least one choice" : "choices apply only to single_select and multi_select fields");
    }
    // Null when the field was deleted since the read above.
    const updated = await store.opportunityCustomFields.update(auth.tenant.uuid, field.uuid, body);
    if (!updated) throw notFound(`custom field ${params.field_uuid} not found`);
    return presentCustomField(updated);
  },
});
