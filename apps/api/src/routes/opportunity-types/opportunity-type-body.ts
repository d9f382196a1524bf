/** Body fields shared by creating and updating an opportunity type. */
import { z } from "zod";
import { MAX_OPPORTUNITY_TYPE_DESCRIPTION_LENGTH, MAX_OPPORTUNITY_TYPE_LABEL_LENGTH } from "../../platform/request/field-limits.js";
import { nullableTextAsWritten, requiredName } from "../../platform/request/field-schemas.js";

const label = (description: string) => requiredName(MAX_OPPORTUNITY_TYPE_LABEL_LENGTH).describe(description);

export const opportunityTypeFields = {
  label: label("Singular name, e.g. 'Deal'."),
  label_plural: label("Plural name; default: label + 's'."),
  sub_label: label("Singular name of a sub-opportunity; default 'Sub-' + label."),
  sub_label_plural: label("Plural of sub_label; default: sub_label + 's'."),
  description: nullableTextAsWritten("What the type is for.", MAX_OPPORTUNITY_TYPE_DESCRIPTION_LENGTH),
  is_hidden: z.boolean().describe("Hide from GET /v1/opportunity-types unless include_hidden=true. Existing opportunities keep the type."),
  subopportunities_enabled: z.boolean().describe("Allow sub-opportunities (with CHILD stages) under opportunities of this type."),
  pinning_config: z
    .object({
      person_required: z.boolean().optional().describe("Require at least one PERSON association."),
      company_required: z.boolean().optional().describe("Require at least one COMPANY association."),
    })
    .strict()
    .describe("Associations an opportunity of the type must have; omitted flags keep their value (false on creation)."),
};
