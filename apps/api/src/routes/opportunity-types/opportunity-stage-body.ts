/** Body fields shared by creating and updating a stage. */
import { z } from "zod";
import { requiredName } from "../../platform/request/field-schemas.js";
import { MAX_OPPORTUNITY_STAGE_NAME_LENGTH } from "../../platform/request/field-limits.js";

export const opportunityStageFields = {
  name: requiredName(MAX_OPPORTUNITY_STAGE_NAME_LENGTH).describe("Stage name, e.g. 'Due diligence'."),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "must be a hex color like #3b82f6")
    .nullable()
    .describe("Display color, #rrggbb."),
  percentage: z.number().min(0).max(100).describe("Default probability (0-100) of opportunities created in the stage."),
  is_hidden: z.boolean().describe("Hide from the stage list unless include_hidden=true; opportunities may still use it."),
};
