/** GET /v1/activity: the tenant's emails and confirmed meetings in the order Rapport recorded them, and their removals, for pollers. */
import { ACTIVITY_ITEM_KINDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { afterSequenceParameter } from "../../platform/listing/after-sequence-parameter.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { isoTimestampQuery, uuidString } from "../../platform/request/common-schemas.js";
import { activityFeedItemSchema, presentActivityFeedItem } from "../../presenters/activity-feed-presenter.js";
import { refuseMergedAwayPersonFilter } from "../persons/merged-away-person-filter.js";
import { refuseUserUuidAsPersonFilter } from "../persons/user-uuid-person-filter.js";

const sequenceQuery = afterSequenceParameter("Only items whose sequence is greater than this: the sequence of the last item your previous poll processed.");

export const listActivity = defineOperation({
  operationId: "listActivity",
  method: "get",
  path: "/v1/activity",
  area: "Activity",
  summary: "List the tenant's activity feed",
  description:
    "The tenant's emails and confirmed meetings in the order Rapport recorded them (by sequence, oldest first), each with its participants, internal users marked; metadata only. Participants are person uuids: GET /v1/persons?uuids=... names up to 100 of them in one call. New activity does not move a person's or company's service_updated_at. " +
    "Poll like this: the first time, pass since (or nothing, for everything) and follow next_cursor until has_more is false; store the last processed item's sequence; next time pass it as after_sequence and scan again. " +
    "Nothing recorded meanwhile is missed or listed twice, a late email with an old sent_at included: the order follows recording. " +
    "An item written again (a meeting rescheduled, participants changed by a person merge or erasure) takes a new sequence and is listed again: process items by uuid. " +
    "Removals too: a meeting cancelled, deleted or declined by every attendee, or a deleted email, is listed at a new sequence with removed true (a deleted one with no occurred_at, title or participants): drop your copy. A meeting that comes back is listed again with removed false. " +
    "With person_uuid, a meeting that person no longer counts (declined, cancelled, deleted, taken off) is listed as removed for them. " +
    "A 410 means the operator pruned the feed past your position: copy again, then poll after the sequence it names.",
  query: cursorListQuery.extend({
    since: isoTimestampQuery("Only items Rapport recorded at or after this instant (recording time, not sent_at or start time).").optional(),
    after_sequence: sequenceQuery.optional(),
    kind: z.enum(ACTIVITY_ITEM_KINDS).optional().describe("Only emails or only meetings."),
    person_uuid: uuidString(
      "Only items this person took part in, and removals of meetings they no longer count: declined, cancelled, deleted, or taken off the attendees (no items for a person not in the tenant; 404 naming the person one was merged into).",
    ).optional(),
  }),
  errors: [404, 410],
  response: listEnvelopeSchema(activityFeedItemSchema),
  example: { query: { since: "2026-12-02T00:00:00Z", kind: "email", per_page: "50" } },
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, ...filters } = query;
    await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, filters.person_uuid);
    await refuseUserUuidAsPersonFilter(services, auth.tenant.uuid, filters.person_uuid);
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listActivity", tenant: auth.tenant.uuid, filters },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) =>
        services.store.interactions.feed(auth.tenant.uuid, {
          ...request,
          kind: filters.kind,
          recordedSince: filters.since,
          afterSequence: filters.after_sequence,
          personUuid: filters.person_uuid,
        }),
      present: (items) => items.map(presentActivityFeedItem),
    });
  },
});
