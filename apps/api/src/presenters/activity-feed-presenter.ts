/** An item of the tenant-wide activity feed as the API shows it: a timeline row, its place in the feed, who took part. */
import type { ActivityFeedItem } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { activityItemSchema, presentActivityItem } from "./activity-presenter.js";

export const activityParticipantSchema = z
  .object({
    person_uuid: z.string().describe("The person's uuid."),
    is_internal: z.boolean().describe("True when the person is one of the tenant's users (their own person record)."),
  })
  .describe("Someone who took part (declined attendees excluded).");

export const activityFeedItemSchema = activityItemSchema
  .extend({
    sequence: z
      .number()
      .int()
      .describe(
        "The item's place in the feed: strictly increasing in the order Rapport recorded items, never reused. Store the last one you processed and pass it as after_sequence on your next poll.",
      ),
    recorded_at: epochMilliseconds("When Rapport recorded the item (a meeting: when it was last written)."),
    participants: z.array(activityParticipantSchema).describe("Everyone who took part, internal users marked."),
  })
  .describe("One email or confirmed meeting of the feed, metadata only.");

export function presentActivityFeedItem(item: ActivityFeedItem): z.input<typeof activityFeedItemSchema> {
  return {
    ...presentActivityItem(item),
    sequence: item.sequence,
    recorded_at: item.recorded_at,
    participants: item.participants.map(({ person_uuid, is_internal }) => ({ person_uuid, is_internal })),
  };
}
