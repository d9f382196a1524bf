/** GET /v1/users/{user_uuid}/relationships: the persons one internal user knows best, by RQ. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { relationshipQualityPage } from "../../relationships/relationship-rankings.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";

const userRelationshipSchema = z.object({
  person_uuid: z.string(),
  name: z.string(),
  job_title: z.string().nullable(),
  company_name: z.string().nullable(),
  rq: z.number().describe("The user's relationship quality with the person, 0.0-1.0; the ranking key."),
  rq_pretty: z.number().describe("Displayed RQ, 0-100."),
  rq_reason: z.string(),
  interaction_count: z.number().int(),
  last_activity_date: z.string().nullable().describe("YYYY-MM-DD of their latest interaction."),
});

export const listUserRelationships = defineOperation({
  operationId: "listUserRelationships",
  method: "get",
  path: "/v1/users/{user_uuid}/relationships",
  area: "Relationships",
  summary: "A user's strongest relationships",
  description:
    "The external persons an internal user knows, ranked by the user's RQ descending (ties by uuid), with the reason. 404 when the user is not in the tenant.",
  params: z.object({ user_uuid: uuidString("The internal user's UUID.") }),
  query: pagedListQuery,
  response: listEnvelopeSchema(userRelationshipSchema),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const user = await services.store.users.get(auth.tenant.uuid, params.user_uuid);
    if (!user) throw notFound(`user ${params.user_uuid} not found`);
    const view = await openRelationshipView(services, auth);
    return listPage({
      paging: query,
      query: { operation: "listUserRelationships", user: user.uuid },
      cursors: null,
      fetch: async (request) => relationshipQualityPage(view, user.uuid, request),
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
          };
        });
      },
    });
  },
});
