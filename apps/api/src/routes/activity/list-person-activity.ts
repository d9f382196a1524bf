/** GET /v1/persons/{person_uuid}/activity: the person's emails and meetings, newest first. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { activityItemSchema, presentActivityItem } from "../../presenters/activity-presenter.js";
import { occurredRange, occurredRangeListQuery } from "./occurred-range-query.js";
import { personNotFound } from "../persons/person-not-found.js";

export const listPersonActivity = defineOperation({
  operationId: "listPersonActivity",
  method: "get",
  path: "/v1/persons/{person_uuid}/activity",
  area: "Activity",
  summary: "List a person's activity",
  description:
    "The person's emails and confirmed meetings, newest first (upcoming meetings on top), metadata only; occurred_after/occurred_before keep a period. Page by page, or follow next_cursor: a cursor scan neither repeats nor skips an item while new ones arrive. 404 when the person is not in the tenant.",
  params: z.object({ person_uuid: uuidString("The person's UUID.") }),
  query: occurredRangeListQuery,
  response: listEnvelopeSchema(activityItemSchema),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const range = occurredRange(query);
    const person = await services.store.persons.get(auth.tenant.uuid, params.person_uuid);
    if (!person) throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    return listPage({
      paging: query,
      query: { operation: "listPersonActivity", tenant: auth.tenant.uuid, person: person.uuid, ...range },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.interactions.timeline(auth.tenant.uuid, [person.uuid], { ...request, ...range }),
      present: (items) => items.map(presentActivityItem),
    });
  },
});
