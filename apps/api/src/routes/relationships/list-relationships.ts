/** GET /v1/relationships: the persons or companies the whole team is most strongly connected to, optionally by latest interaction or within a time range. */
import { ENTITY_KINDS, PATH_POWER_SORT_FIELDS, STRENGTH_LABELS, teamLastActivityAt } from "@rapport/graph";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { relationshipFields, strongestRelationshipSchema } from "../../presenters/relationship-fields.js";
import { pathPowerPage, type PathPowerSelection } from "../../relationships/relationship-rankings.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { rankingScoredAtField } from "../../relationships/scoring-instant.js";

const relationshipSchema = z.object({
  entity: z.enum(ENTITY_KINDS),
  uuid: z.string(),
  name: z.string(),
  score: z.number().describe("The team's PathPower to the entity, 0.0-1.0."),
  score_display: z.number(),
  strength_label: z.enum(STRENGTH_LABELS),
  strongest_relationships: z.array(strongestRelationshipSchema).describe("The two users who know it best."),
  last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of the entity's latest email or meeting, tenant-wide, as its record shows it."),
  last_activity_at: z
    .number()
    .int()
    .nullable()
    .describe("The team's latest counted email or meeting with it (any active user's; not a meeting over 50 people or mail no user is on), epoch ms: what the time filters and sort read."),
});

export const listRelationships = defineOperation({
  operationId: "listRelationships",
  method: "get",
  path: "/v1/relationships",
  area: "Relationships",
  summary: "The team's strongest relationships",
  description:
    "Ring-wide: the persons (or companies) the whole team is most strongly connected to, ranked by PathPower descending (ties by uuid), each with the two users who know it best. Only entities with a counted interaction are listed. " +
    "last_activity_after/last_activity_before keep those whose latest counted email or meeting with the team (last_activity_at) is in that range; sort_by=last_activity orders by it.",
  query: pagedListQuery.extend({
    entity: z.enum(ENTITY_KINDS).default("person").describe("Rank persons (default) or companies."),
    last_activity_after: isoBoundQuery("The team's latest interaction with it at or after this.", "start").optional(),
    last_activity_before: isoBoundQuery("The team's latest interaction with it at or before this.", "end").optional(),
    sort_by: z.enum(PATH_POWER_SORT_FIELDS).default("path_power").describe("path_power (default) or last_activity; ties by uuid."),
    order: sortOrderParameter("desc"),
  }),
  response: listEnvelopeSchema(relationshipSchema).extend({ scored_at: rankingScoredAtField() }),
  async handler({ query, auth, services }) {
    const { page, per_page, last_activity_after, last_activity_before, sort_by, order } = query;
    refuseReversedRange(["last_activity_after", "last_activity_before"], last_activity_after, last_activity_before);
    const view = await openRelationshipView(services, auth);
    const selection: PathPowerSelection = { sortBy: sort_by, order };
    if (last_activity_after !== undefined) selection.lastActivityFrom = last_activity_after;
    if (last_activity_before !== undefined) selection.lastActivityTo = last_activity_before;
    const envelope = await listPage({
      paging: { page, per_page },
      query: { operation: "listRelationships", entity: query.entity, last_activity_after, last_activity_before, sort_by, order },
      cursors: null,
      fetch: async (request) => pathPowerPage(view, query.entity, request, selection),
      present: async (scores) => {
        const names = new Map<string, string>();
        if (query.entity === "person") {
          for (const [uuid, display] of await view.cards(scores.map((score) => score.uuid))) names.set(uuid, display.name);
        } else {
          for (const [uuid, company] of await services.store.companies.getMany(auth.tenant.uuid, scores.map((score) => score.uuid))) names.set(uuid, company.company_name);
        }
        return scores.map((score) => {
          const fields = relationshipFields(view, { entity: query.entity, uuid: score.uuid }, null);
          return {
            entity: query.entity,
            uuid: score.uuid,
            name: names.get(score.uuid) ?? "",
            score: score.score,
            score_display: score.score_display,
            strength_label: score.strength_label,
            strongest_relationships: fields.strongest_relationships ?? [],
            last_activity_date: fields.last_activity_date,
            last_activity_at: teamLastActivityAt(view.graph, { entity: query.entity, uuid: score.uuid }, view.scoring),
          };
        });
      },
    });
    return { ...envelope, scored_at: view.now };
  },
});
