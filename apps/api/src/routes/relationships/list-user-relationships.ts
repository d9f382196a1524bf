/** GET /v1/users/{user_uuid}/relationships: the persons one internal user knows, by RQ or latest interaction, optionally within a time range. */
import { RELATIONSHIP_SORT_FIELDS } from "@rapport/graph";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { relationshipQualityPage, type RelationshipQualitySelection } from "../../relationships/relationship-rankings.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { rankingScoredAtField } from "../../relationships/scoring-instant.js";

const userRelationshipSchema = z.object({
  person_uuid: z.string(),
  name: z.string(),
  job_title: z.string().nullable(),
  company_name: z.string().nullable(),
  rq: z.number().describe("The user's relationship quality with the person, 0.0-1.0; the ranking key."),
  rq_pretty: z.number().describe("Displayed RQ, 0-100."),
  rq_reason: z.string(),
  interaction_count: z.number().int(),
  last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of their latest interaction."),
  last_activity_at: z.number().int().nullable().describe("Their latest interaction, epoch milliseconds: what last_activity_after/before and sort_by=last_activity read."),
});

export const listUserRelationships = defineOperation({
  operationId: "listUserRelationships",
  method: "get",
  path: "/v1/users/{user_uuid}/relationships",
  area: "Relationships",
  summary: "A user's strongest relationships",
  description:
    "The external persons an internal user knows, ranked by the user's RQ descending (ties by uuid), with the reason. " +
    "last_activity_after/last_activity_before keep only those whose latest email or meeting with the user falls in that range (total counts them), " +
    "and sort_by=last_activity orders by that time: whom a user dealt with since yesterday is one call (last_activity_after= with sort_by=last_activity), " +
    "and relationships gone quiet are last_activity_before= (with last_activity_after= for those active before that). 404 when the user is not in the tenant.",
  params: z.object({ user_uuid: uuidString("The internal user's UUID, or their person UUID.") }),
  query: pagedListQuery.extend({
    last_activity_after: isoBoundQuery("Only persons whose latest interaction with the user is at or after this instant.", "start").optional(),
    last_activity_before: isoBoundQuery("Only persons whose latest interaction with the user is at or before this instant.", "end").optional(),
    sort_by: z.enum(RELATIONSHIP_SORT_FIELDS).default("rq").describe("rq (default) or last_activity, the time of their latest interaction; ties by person uuid."),
    order: sortOrderParameter("desc"),
  }),
  response: listEnvelopeSchema(userRelationshipSchema).extend({
    user_is_active: z.boolean().describe("false: deactivated, their relationships gone with them."),
    scored_at: rankingScoredAtField(),
  }),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const { page, per_page, last_activity_after, last_activity_before, sort_by, order } = query;
    refuseReversedRange(["last_activity_after", "last_activity_before"], last_activity_after, last_activity_before);
    // A user's person UUID names the user too, as owner_user_uuid and assignee_user_uuid take it: the caller's two
    // UUIDs sit side by side (GET /v1/me), and the person's was answered "user not found".
    const userUuid = (await services.store.records.resolveUsers(auth.tenant.uuid, [params.user_uuid])).get(params.user_uuid);
    const user = userUuid === undefined ? null : await services.store.users.get(auth.tenant.uuid, userUuid);
    if (!user) throw notFound(`user ${params.user_uuid} not found`);
    const view = await openRelationshipView(services, auth);
    const selection: RelationshipQualitySelection = { sortBy: sort_by, order };
    if (last_activity_after !== undefined) selection.lastActivityFrom = last_activity_after;
    if (last_activity_before !== undefined) selection.lastActivityTo = last_activity_before;
    // A deactivated user's empty list read as "they knew nobody"; a 4xx would stop a client looping over GET /v1/users.
    const envelope = await listPage({
      paging: { page, per_page },
      query: { operation: "listUserRelationships", user: user.uuid, last_activity_after, last_activity_before, sort_by, order },
      cursors: null,
      fetch: async (request) => relationshipQualityPage(view, user.uuid, request, selection),
      present: async (qualities) => {
        const displays = await view.cards(qualities.map((quality) => quality.person_uuid));
        return qualities.map((quality) => {
          const display = displays.get(quality.person_uuid);
          return {
            person_uuid: quality.person_uuid,
            name: display?.name ?? "",
            job_title: display?.job_title ?? null,
            company_name: display?.primary_company?.company_name ?? null,
            rq: quality.rq,
            rq_pretty: quality.rq_pretty,
            rq_reason: quality.rq_reason,
            interaction_count: quality.interaction_count,
            last_activity_date: quality.last_activity_date,
            last_activity_at: quality.last_activity_at,
          };
        });
      },
    });
    return { ...envelope, user_is_active: user.is_active, scored_at: view.now };
  },
});
