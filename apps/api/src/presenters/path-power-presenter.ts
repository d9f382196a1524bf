/** PathPower score entries as the API shows them. */
import { ENTITY_KINDS, STRENGTH_LABELS, type PathPowerScore } from "@rapport/graph";
import { z } from "zod";

export const pathPowerScoreSchema = z.object({
  entity: z.enum(ENTITY_KINDS),
  uuid: z.string(),
  score: z.number().nullable().describe("0.0-1.0: how strongly the team is connected; null when there is no data."),
  score_display: z.number().describe("round(100 × score); 0 when score is null."),
  strength_label: z.enum(STRENGTH_LABELS).nullable(),
});

export const companyPathPowerSchema = pathPowerScoreSchema.extend({
  meta: z
    .object({
      person_count: z.number().int().describe("External persons currently at the company (the team's own people there are not counted)."),
      connected_person_count: z.number().int().describe("Of those, persons the team has a counted interaction with."),
    })
    .describe("What the company score aggregates."),
});

export function presentPathPower(score: PathPowerScore): z.input<typeof pathPowerScoreSchema> {
  return { entity: score.entity, uuid: score.uuid, score: score.score, score_display: score.score_display, strength_label: score.strength_label };
}
