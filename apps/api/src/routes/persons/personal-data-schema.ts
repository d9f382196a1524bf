/** The personal data export document (the store's `PersonalDataExport`) as the API documents it. */
import type { PersonalDataExport } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../../platform/request/common-schemas.js";

const nullableTime = (description: string) => epochMilliseconds(description).nullable();
const linkContext = z.string().nullable().describe("The note on the record's link to the person, when one was given.");
const attachments = z
  .array(
    z.object({
      uuid: z.string().describe("The file's uuid: GET /v1/files/{file_uuid}/content downloads it."),
      filename: z.string(),
      content_type: z.string(),
      size_bytes: z.number().int(),
      created_at: epochMilliseconds("When it was uploaded."),
    }),
  )
  .describe("The files attached to it, named (their bytes are not inlined).");

const personRecordSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    job_title: z.string().nullable(),
    linkedin_url: z.string().nullable(),
    twitter_url: z.string().nullable(),
    facebook_url: z.string().nullable(),
    logo_url: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    tags: z.array(z.string()),
    is_internal: z.boolean().describe("True for an internal user's own person."),
    created_at: epochMilliseconds("Creation time."),
    service_updated_at: epochMilliseconds("Last change of the record."),
    merged_into_uuid: z.string().nullable().describe("The person this record was merged into; null for the live record."),
    deleted_at: nullableTime("When the record was merged away; null for the live record."),
  })
  .describe("A person record of the data subject.");

export const personalDataSchema = z
  .object({
    tenant_uuid: z.string(),
    person_uuid: z.string().describe("The data subject: the live person asked for."),
    exported_at: epochMilliseconds("When the export was made."),
    persons: z.array(personRecordSchema).describe("The person's live record first, then the records merged into it (the same data subject, kept soft-deleted)."),
    merges: z
      .array(z.object({ superseded_uuid: z.string(), canonical_uuid: z.string(), merged_at: epochMilliseconds("When.") }))
      .describe("The merges that made those records one, oldest first."),
    email_addresses: z
      .array(z.object({ person_uuid: z.string().describe("The record holding it."), address: z.string(), is_primary: z.boolean(), created_at: epochMilliseconds("When it was recorded.") }))
      .describe("Their email addresses, primary first."),
    user: z
      .object({
        uuid: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.string(),
        is_active: z.boolean(),
        created_at: epochMilliseconds("Creation time."),
        updated_at: epochMilliseconds("Last change."),
      })
      .nullable()
      .describe("The user account whose own person this is; null for a contact."),
    affiliations: z
      .array(
        z.object({
          person_uuid: z.string(),
          company_uuid: z.string(),
          company_name: z.string(),
          title: z.string().nullable(),
          is_current: z.boolean(),
          started_on: z.string().nullable().describe("YYYY-MM-DD, when known."),
          ended_on: z.string().nullable().describe("YYYY-MM-DD, when known."),
          created_at: epochMilliseconds("When recorded."),
          updated_at: epochMilliseconds("Last change."),
        }),
      )
      .describe("Current and past tenures at companies, current first."),
    lists: z
      .array(z.object({ list_uuid: z.string(), list_name: z.string(), person_uuid: z.string(), added_at: epochMilliseconds("When added.") }))
      .describe("The entity lists they are on, by name."),
    opportunities: z
      .array(
        z.object({
          uuid: z.string(),
          name: z.string(),
          type_label: z.string().nullable(),
          stage_name: z.string().nullable(),
          linked: z.boolean().describe("They are linked to it."),
          link_context: linkContext,
          introduced: z.boolean().describe("They are its intro person."),
          intro_date: z.string().nullable().describe("YYYY-MM-DD."),
          created_at: epochMilliseconds("Creation time."),
          deleted_at: nullableTime("When deleted; null while live."),
        }),
      )
      .describe("Opportunities linked to them or that they introduced, deleted ones included."),
    notes: z
      .array(
        z.object({
          uuid: z.string(),
          title: z.string().nullable(),
          content: z.string(),
          link_context: linkContext,
          attachments,
          created_at: epochMilliseconds("Creation time."),
          updated_at: epochMilliseconds("Last change."),
          deleted_at: nullableTime("When deleted; null while live."),
        }),
      )
      .describe("Notes linked to them, whole, private ones included."),
    tasks: z
      .array(
        z.object({
          uuid: z.string(),
          title: z.string(),
          description: z.string().nullable(),
          status: z.string(),
          due_date: z.string().nullable().describe("YYYY-MM-DD."),
          link_context: linkContext,
          attachments,
          created_at: epochMilliseconds("Creation time."),
          updated_at: epochMilliseconds("Last change."),
          deleted_at: nullableTime("When deleted; null while live."),
        }),
      )
      .describe("Tasks linked to them, private ones included."),
    emails: z
      .array(
        z.object({
          uuid: z.string(),
          message_id: z.string(),
          sent_at: epochMilliseconds("When sent."),
          subject: z.string().nullable(),
          roles: z.array(z.string()).describe("Their roles on it: from, to, cc."),
          other_participant_count: z.number().int().describe("How many other persons are on it: who they are is their own data."),
          body: z.string().nullable().describe("The stored body (an import with keep-bodies); null when only headers were kept."),
        }),
      )
      .describe("The emails they are on, earliest first."),
    meetings: z
      .array(
        z.object({
          uuid: z.string(),
          title: z.string(),
          starts_at: epochMilliseconds("Start."),
          ends_at: nullableTime("End, when known."),
          status: z.string().describe("confirmed or cancelled."),
          location: z.string().nullable(),
          organizer: z.boolean().describe("They organise it."),
          response: z.string().nullable().describe("accepted or declined while on the attendee list; null once taken off it."),
          left: z.boolean().describe("They were taken off its attendee list."),
          other_attendee_count: z.number().int().describe("How many other persons attend."),
          deleted_at: nullableTime("When deleted; null while live."),
        }),
      )
      .describe("The meetings they attend, organise or were taken off, deleted ones included, earliest first."),
    import_mentions: z
      .array(
        z.object({
          import_uuid: z.string(),
          kind: z.string(),
          file_name: z.string().nullable(),
          created_at: epochMilliseconds("When the import was started."),
          texts: z.array(z.string()).describe("The file name and texts of the summary or error that quote them."),
        }),
      )
      .describe("Imports whose file name, stored summary or error quotes one of their addresses or names."),
    derived: z
      .object({
        computed_at: epochMilliseconds("The time the scores are computed for."),
        explanation: z
          .object({
            connection_score: z.string().describe("What connection_score, connection_score_pretty and reason mean."),
            path_power: z.string().describe("What path_power means."),
            strength_label: z.string().describe("The bands of strength_label."),
            use: z.string().describe("What the scores are for."),
          })
          .describe("What each score means, in plain words for the person reading the export, with this deployment's scoring parameters."),
        relationships: z
          .array(
            z.object({
              user_uuid: z.string(),
              user_name: z.string(),
              connection_score: z.number().describe("The user's connection score (RQ) with them, 0.0-1.0."),
              connection_score_pretty: z.number().describe("The same, 0-100."),
              reason: z.string().describe("Why, in one sentence."),
              interaction_count: z.number().int(),
              last_activity_date: z.string().nullable().describe("YYYY-MM-DD (UTC) of the user's latest interaction with them."),
            }),
          )
          .describe("The internal users with a counted interaction with them, strongest first."),
        path_power: z.number().nullable().describe("The team's PathPower to them, 0.0-1.0; null without a counted interaction."),
        strength_label: z.string().nullable().describe("weak, moderate, strong or very_strong; null with path_power."),
      })
      .nullable()
      .describe("What the relationship graph derives about them (profiling): always present over the API."),
  })
  .describe("Everything the tenant holds about one person (a data subject's right of access).");

/** The store's document as the response: a compile-time check that the schema describes what the store answers. */
export function personalDataResponse(document: PersonalDataExport): z.input<typeof personalDataSchema> {
  return document;
}
