/** An activity timeline row as the API shows it. */
import { ACTIVITY_ITEM_KINDS, type ActivityItem } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const activityItemSchema = z
  .object({
    kind: z.enum(ACTIVITY_ITEM_KINDS),
    uuid: z.string().describe("The email's or meeting's uuid."),
    occurred_at: epochMilliseconds("When the email was sent or the meeting starts."),
    title: z.string().nullable().describe("Email subject or meeting title."),
    person_uuids: z.array(z.string()).describe("Everyone who took part (declined attendees excluded)."),
  })
  .describe("One email or meeting, metadata only.");

export function presentActivityItem(item: ActivityItem): z.input<typeof activityItemSchema> {
  return { kind: item.kind, uuid: item.uuid, occurred_at: item.occurred_at, title: item.title, person_uuids: item.person_uuids };
}
