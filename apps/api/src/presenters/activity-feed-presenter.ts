/** An item of the tenant-wide activity feed as the API shows it: a timeline row or its removal, its place in the feed, who took part. */
import { ACTIVITY_PARTICIPANT_ROLES, type ActivityFeedItem } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { activityItemSchema } from "./activity-presenter.js";

export const activityParticipantSchema = z
  .object({
    person_uuid: z.string().describe("The person's uuid."),
    is_internal: z.boolean().describe("True when the person is one of the tenant's users (their own person record)."),
    role: z
      .enum(ACTIVITY_PARTICIPANT_ROLES)
      .describe("An email's from, to or cc (its sender if also a recipient; to if also copied); a meeting's organizer or attendee."),
  })
  .describe("Someone who took part (declined attendees excluded).");

export const activityFeedItemSchema = activityItemSchema
  .extend({
    occurred_at: epochMilliseconds("When the email was sent or the meeting starts; null on a removed item Rapport no longer has (deleted).").nullable(),
    title: z.string().nullable().describe("Email subject or meeting title; null on a removed item Rapport no longer has (deleted)."),
    removed: z
      .boolean()
      .describe(
        "True when the item has left the timelines this feed covers (with person_uuid: that person's): the meeting was cancelled, deleted or declined by every attendee (by that person, or that person was taken off its attendees), or the email was deleted. Drop your copy of it; a removal of an item you never received needs nothing. A meeting that comes back is listed again with removed false.",
      ),
    sequence: z
      .number()
      .int()
      .describe(
        "The item's place in the feed: strictly increasing in the order Rapport recorded items, never reused. Store the last one you processed and pass it as after_sequence on your next poll.",
      ),
    recorded_at: epochMilliseconds("When Rapport recorded the item (a meeting: when it was last written)."),
    participants: z.array(activityParticipantSchema).describe("Everyone who took part, internal users marked (none on a deleted item)."),
  })
  .describe("One email or confirmed meeting of the feed, or its removal, metadata only.");

export function presentActivityFeedItem(item: ActivityFeedItem): z.input<typeof activityFeedItemSchema> {
  return {
    kind: item.kind,
    uuid: item.uuid,
    occurred_at: item.occurred_at,
    title: item.title,
    person_uuids: item.person_uuids,
    removed: item.removed,
    sequence: item.sequence,
    recorded_at: item.recorded_at,
    participants: item.participants.map(({ person_uuid, is_internal, role }) => ({ person_uuid, is_internal, role })),
  };
}
