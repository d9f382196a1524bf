/**
 * @module
 * The derived relationship fields on person and company records (spec: "Person and company
 * list/detail derived fields"), computed live from the tenant's graph at read time, so they never
 * lag (the spec allows up to one 3-hour refresh of lag; Rapport has none).
 */
import { derivedFields, relationshipQuality, strongestRelationships, type EntityReference } from "@rapport/graph";
import { z } from "zod";
import type { RelationshipView } from "../relationships/relationship-view.js";

export const strongestRelationshipSchema = z.object({
  user_uuid: z.string().describe("The internal user."),
  user_name: z.string(),
  internal_user_person_uuid: z.string().describe("The user's own person node."),
  last_engaged_at: z
    .number()
    .int()
    .nullable()
    .describe("Unix epoch milliseconds of the latest interaction of anyone on the team with the subject (tenant-wide)."),
  priority_management: z.object({
    person_uuid: z.string().describe("The person the RQ is towards: the subject, or for a company the user's best-connected person there."),
    rq: z.number().describe("Relationship quality, 0.0-1.0."),
    rq_pretty: z.number().describe("Displayed form of RQ (0-100); rows are ranked by it, descending."),
    rq_reason: z.string().describe("Why, in one sentence."),
    last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of this user's latest interaction with that person."),
  }),
});

export const relationshipFieldsShape = {
  strongest_relationships: z
    .array(strongestRelationshipSchema)
    .max(2)
    .nullable()
    .describe("Up to two internal users with the strongest relationship, by rq_pretty descending; null when the tenant has no relationship activity."),
  last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of the latest email or meeting, tenant-wide."),
  last_contact_at: z.number().int().nullable().describe("Unix epoch milliseconds of the same latest interaction as last_activity_date."),
  next_meeting_at: z.number().int().nullable().describe("Unix epoch milliseconds of the earliest future confirmed meeting, tenant-wide."),
  next_meeting_title: z.string().nullable(),
  next_meeting_with_user_uuid: z.string().nullable().describe("An internal user attending that meeting."),
  my_next_meeting_at: z
    .number()
    .int()
    .nullable()
    .describe("Like next_meeting_at, restricted to meetings of the calling user (x-service-user-id); null without a user context."),
  my_next_meeting_title: z.string().nullable(),
};

export type RelationshipFields = {
  [Name in keyof typeof relationshipFieldsShape]: z.input<(typeof relationshipFieldsShape)[Name]>;
};

/** The derived fields of one person or company, for the calling user (or tenant-wide). */
export function relationshipFields(view: RelationshipView, entity: EntityReference, userUuid: string | null): RelationshipFields {
  const { graph, scoring } = view;
  const derived = derivedFields(graph, entity, { now: view.now, userUuid });
  const strongest = strongestRelationships(graph, entity, { ...scoring, limit: 2 });
  return {
    strongest_relationships:
      strongest?.map((row) => {
        const quality = relationshipQuality(graph, row.user_uuid, row.person_uuid, scoring);
        return {
          user_uuid: row.user_uuid,
          user_name: view.users.get(row.user_uuid)?.name ?? "",
          internal_user_person_uuid: row.internal_user_person_uuid,
          last_engaged_at: row.last_engaged_at,
          priority_management: {
            person_uuid: row.person_uuid,
            rq: row.rq,
            rq_pretty: row.rq_pretty,
            rq_reason: quality?.rq_reason ?? "",
            last_activity_date: quality?.last_activity_date ?? null,
          },
        };
      }) ?? null,
    last_activity_date: derived.last_activity_date,
    last_contact_at: derived.last_contact_at,
    next_meeting_at: derived.next_meeting_at,
    next_meeting_title: derived.next_meeting_title,
    next_meeting_with_user_uuid: derived.next_meeting_with_user_uuid,
    my_next_meeting_at: derived.my_next_meeting_at,
    my_next_meeting_title: derived.my_next_meeting_title,
  };
}
