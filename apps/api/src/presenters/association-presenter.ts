/** Association records: the short form returned when a link is made, and the full form inside an opportunity. */
import type { LinkedEntity, OpportunityAssociation } from "@rapport/store";
import { ENTITY_TYPES } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { isoDateTime } from "./iso-date-time.js";

export const associationRecordSchema = z
  .object({
    uuid: z.string().describe("The association's UUID (remove it with DELETE .../associations/{association_uuid})."),
    entity_type: z.enum(ENTITY_TYPES).describe("Kind of the associated record."),
    entity_uuid: z.string().describe("UUID of the associated record."),
    association_type: z
      .string()
      .describe("<OWNER>_TO_<ENTITY>: the direction the link was made in, e.g. OPPORTUNITY_TO_PERSON or NOTE_TO_OPPORTUNITY."),
    context: z.string().nullable().describe("Free text about the link (e.g. 'lead investor'); set when it was made."),
    created_at: epochMilliseconds("When the link was made."),
    updated_at: epochMilliseconds("Last change of the link."),
  })
  .describe("A link between two records, seen from the one in the path.");

export function presentAssociationRecord(link: LinkedEntity): z.input<typeof associationRecordSchema> {
  return {
    uuid: link.uuid,
    entity_type: link.entity_type,
    entity_uuid: link.entity_uuid,
    association_type: link.association_type,
    context: link.context,
    created_at: link.created_at,
    updated_at: link.updated_at,
  };
}

const placeShape = {
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
};

export const opportunityAssociationSchema = associationRecordSchema
  .extend({
    last_activity_date: z.string().nullable().describe("ISO 8601 date-time of the last email or meeting with the associated person or company."),
    person: z
      .object({
        uuid: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        logo_url: z.string().nullable(),
        type: z.literal("PERSON"),
        last_activity_date: z.string().nullable(),
        ...placeShape,
      })
      .nullable()
      .describe("The associated person, for entity_type PERSON; null otherwise."),
    company: z
      .object({
        uuid: z.string(),
        name: z.string(),
        logo_url: z.string().nullable(),
        type: z.literal("COMPANY"),
        last_activity_date: z.string().nullable(),
        ...placeShape,
      })
      .nullable()
      .describe("The associated company, for entity_type COMPANY; null otherwise."),
  })
  .describe("An association of an opportunity.");

export function presentOpportunityAssociation(association: OpportunityAssociation): z.input<typeof opportunityAssociationSchema> {
  const { person, company } = association;
  return {
    ...presentAssociationRecord(association),
    last_activity_date: isoDateTime(association.last_activity_at),
    person: person
      ? {
          uuid: person.uuid,
          name: person.name,
          email: person.email,
          logo_url: person.logo_url,
          type: "PERSON",
          last_activity_date: isoDateTime(person.last_activity_at),
          city: person.city,
          state: person.state,
          country: person.country,
        }
      : null,
    company: company
      ? {
          uuid: company.uuid,
          name: company.name,
          logo_url: company.logo_url,
          type: "COMPANY",
          last_activity_date: isoDateTime(company.last_activity_at),
          city: company.city,
          state: company.state,
          country: company.country,
        }
      : null,
  };
}
