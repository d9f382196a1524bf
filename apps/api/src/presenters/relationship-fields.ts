/**
 * @module
 * The derived relationship fields on person and company records (spec: "Person and company
 * list/detail derived fields"). The graph engine computes them; until a tenant has relationship
 * activity they are null.
 */
import { z } from "zod";

export const strongestRelationshipSchema = z.object({
  user_uuid: z.string().describe("The internal user."),
  user_name: z.string(),
  internal_user_person_uuid: z.string().describe("The user's own person node."),
  rq: z.number().describe("Relationship quality, 0.0-1.0."),
  rq_pretty: z.number().describe("Displayed form of RQ; rows are ranked by it."),
  rq_reason: z.string().describe("Why, in one sentence."),
  last_engaged_at: z
    .number()
    .int()
    .nullable()
    .describe("Unix epoch milliseconds of the latest interaction, tenant-wide; may lag by one refresh interval."),
});

export const relationshipFieldsShape = {
  strongest_relationships: z
    .array(strongestRelationshipSchema)
    .max(2)
    .nullable()
    .describe("Up to two internal users with the strongest relationship, by rq_pretty descending; null when the tenant has no relationship activity."),
  last_activity_date: z.string().nullable().describe("ISO 8601 date-time of the latest email or meeting, tenant-wide."),
  last_contact_at: z.number().int().nullable().describe("Unix epoch milliseconds; always the same instant as last_activity_date."),
  next_meeting_at: z.number().int().nullable().describe("Unix epoch milliseconds of the earliest future meeting, tenant-wide."),
  next_meeting_title: z.string().nullable(),
  next_meeting_with_user_uuid: z.string().nullable().describe("An internal user attending that meeting."),
  my_next_meeting_at: z
    .number()
    .int()
    .nullable()
    .describe("Like next_meeting_at, restricted to meetings of the calling user; null without a user context."),
  my_next_meeting_title: z.string().nullable(),
};

export type RelationshipFields = {
  [Name in keyof typeof relationshipFieldsShape]: z.input<(typeof relationshipFieldsShape)[Name]>;
};

/** The fields for a subject with no recorded relationship activity. */
export function emptyRelationshipFields(): RelationshipFields {
  return {
    strongest_relationships: null,
    last_activity_date: null,
    last_contact_at: null,
    next_meeting_at: null,
    next_meeting_title: null,
    next_meeting_with_user_uuid: null,
    my_next_meeting_at: null,
    my_next_meeting_title: null,
  };
}
