/** DELETE /v1/opportunity-custom-fields/{field_uuid}: removes a field definition (administrators). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";

export const deleteOpportunityCustomField = defineOperation({
  operationId: "deleteOpportunityCustomField",
  method: "delete",
  path: "/v1/opportunity-custom-fields/{field_uuid}",
  area: "Opportunity",
  summary: "Delete an opportunity custom field",
  description:
    "Removes the definition. Values stored on opportunities stay and are reported in custom_field_mapping.unresolved_keys (by field UUID) instead of custom_fields. 204; 404 when the field is not in the tenant. Administrators only.",
  params: z.object({ field_uuid: uuidString("The custom field's UUID.") }),
  successStatus: 204,
  errors: [404],
  onlyAdministratorsMay: "delete custom fields",
  async handler({ params, auth, services }) {
    if (!(await services.store.opportunityCustomFields.delete(auth.tenant.uuid, params.field_uuid))) {
      throw notFound(`custom field ${params.field_uuid} not found`);
    }
    return undefined;
  },
});
