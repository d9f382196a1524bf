/** An import job as the API shows it: status, progress and, once there, the summary. */
import { DUPLICATE_REASONS, IMPORT_JOB_STATUSES, IMPORT_KINDS, type ImportJob } from "@rapport/store";
import { z } from "zod";
import { IMPORT_SUMMARY_OUTCOMES, type ImportSummary } from "../imports/import-summary.js";
import { LIKELY_DUPLICATES_LISTED } from "../imports/likely-duplicates.js";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { MAX_PERSON_EMAIL_ADDRESSES } from "../platform/request/count-limits.js";

const count = (description: string) => z.number().int().min(0).describe(description);

const ownerSchema = z.object({
  user_uuid: z.string(),
  name: z.string(),
  email: z.string(),
  appearances: count("Messages or occurrences of the archive that name the user's address."),
});

export const importSummarySchema = z
  .object({
    kind: z.enum(IMPORT_KINDS).describe("What was imported."),
    dry_run: z.boolean().describe("True when nothing was written: the counts say what an import would do."),
    outcome: z
      .enum(IMPORT_SUMMARY_OUTCOMES)
      .nullable()
      .describe("interrupted: stopped early; failed: stopped by the job's error. What was written is complete and a re-run finishes the rest. Null while the job runs."),
    items: z
      .object({
        read: count("Entries read: messages, calendar occurrences, contacts or rows."),
        written: count("Entries that created or changed records (in a dry run: would)."),
        unchanged: count("Entries already in the tenant as they are."),
        skipped: count("Entries left out on purpose (see skipped)."),
        failed: count("Malformed entries and entries that could not be written (see problems)."),
      })
      .describe("Entries of the archive."),
    emails: z.object({ new: count("Messages stored."), known: count("Messages already stored (same Message-ID).") }),
    meetings: z.object({
      new: count("Meetings created."),
      known: count("Meetings already stored as they are."),
      updated: count("Stored meetings changed by the archive (including newly cancelled ones)."),
      cancelled_skipped: count("Cancelled occurrences never stored, left out."),
      removed: count("Stored 24-hour meetings that an earlier import made of an all-day event, removed."),
    }),
    persons: z.object({
      matched: count("Distinct existing persons the archive names."),
      updated: z.number().int().min(0).nullable().describe("Matched persons a contact changed; null for a job run before this was counted (2026-12-07)."),
      jobs_updated: count("Of those, given a newer export's company or title."),
      created: count("Persons created."),
      skipped: count("Contacts without an email address or LinkedIn URL to match on."),
      addresses_added: count("Addresses of matched contacts given to their person (no other person had them)."),
      addresses_left_out: count(`Addresses not given: past ${MAX_PERSON_EMAIL_ADDRESSES} a person.`),
    }),
    companies: z.object({ matched: count("Existing companies found by domain or name."), created: count("Companies created.") }),
    likely_duplicates: z
      .object({
        persons: count("Persons created that look like another person."),
        companies: count("Companies created that look like another company."),
        first: z
          .array(
            z.object({
              entity_type: z.enum(["PERSON", "COMPANY"]),
              new_uuid: z.string(),
              new_name: z.string(),
              existing_uuid: z.string(),
              existing_name: z.string(),
              confidence: z.enum(["likely", "possible"]),
              reasons: z.array(z.enum(DUPLICATE_REASONS)),
            }),
          )
          .describe(`The first ${LIKELY_DUPLICATES_LISTED}.`),
      })
      .nullable()
      .describe("New records that look like existing ones (none in a dry run; null for a job run before 2026-12-08): GET /v1/duplicates lists them with their merge."),
    skipped: z.record(z.string(), z.number().int()).describe("Skipped entries by reason."),
    problems: z
      .object({
        count: count("All problems: failed entries, and entries imported with a caveat (an unknown time zone read as UTC)."),
        first: z.array(z.object({ position: z.string().describe("Where in the archive, e.g. 'message 5 (line 53)'."), message: z.string() })).describe("The first 20."),
      })
      .describe("Malformed or failed entries, and entries imported with a caveat, with their position."),
    owner: ownerSchema.nullable().describe("The internal user whose mailbox or calendar this is, when given."),
    proposed_owner: ownerSchema.nullable().describe("Without an owner: the tenant user whose address appears most in the archive."),
    bytes_read: count("Bytes of the upload read."),
    bytes_total: z.number().int().nullable().describe("Size of the upload."),
    duration_ms: count("Time taken so far, in milliseconds."),
  })
  .describe("What an import did (or, in a dry run, would do).");

export const importJobSchema = z
  .object({
    uuid: z.string().describe("The import job's UUID."),
    kind: z.enum(IMPORT_KINDS).describe("mbox (or a single .eml), ics, vcf or csv."),
    status: z.enum(IMPORT_JOB_STATUSES).describe("queued, running, succeeded, failed or cancelled."),
    dry_run: z.boolean(),
    file_name: z.string().nullable().describe("The uploaded file's name."),
    file_bytes: z.number().int().nullable().describe("The uploaded file's size in bytes."),
    owner_user_uuid: z.string().nullable().describe("The internal user whose mailbox or calendar this is."),
    created_by_user_uuid: z.string().nullable().describe("The user who started the import (null for a tenant-wide key)."),
    progress: z
      .object({
        items_read: count("Entries read so far."),
        bytes_read: count("Bytes read so far."),
        bytes_total: z.number().int().nullable().describe("Bytes in all."),
        percent: z.number().min(0).max(100).nullable().describe("Share of the bytes read, 0-100."),
      })
      .describe("How far the job is."),
    summary: importSummarySchema.nullable().describe("Counts so far while running; the final summary once finished."),
    error: z.string().nullable().describe("Why a failed job failed."),
    cancel_requested_at: z.number().int().nullable().describe("When a cancel was asked for, Unix epoch milliseconds."),
    created_at: epochMilliseconds("When the job was created."),
    started_at: z.number().int().nullable().describe("When it started running, Unix epoch milliseconds."),
    finished_at: z.number().int().nullable().describe("When it ended, Unix epoch milliseconds."),
  })
  .describe("An import of an uploaded archive, run in the background.");

/**
 * A job not ended has no outcome yet (its progress is stored with the summary's starting "completed"); a failed job's
 * summary is its progress until the failure: one failed before 2026-12-07, or marked failed after its server died, kept
 * "completed" there. A cancelled one whose runner was gone is ended from its progress likewise: it was interrupted.
 */
function shownOutcome(job: ImportJob, stored: ImportSummary["outcome"]): ImportSummary["outcome"] | null {
  if (job.status === "queued" || job.status === "running") return null;
  if (stored !== "completed") return stored;
  return job.status === "failed" ? "failed" : job.status === "cancelled" ? "interrupted" : stored;
}

export function presentImportJob(job: ImportJob): z.input<typeof importJobSchema> {
  const stored = job.summary as ImportSummary | null;
  // A job finished before `meetings.removed` was counted (2026-12-06) removed none; before `persons.addresses_added`
  // and `addresses_left_out` were (2026-12-06), none was added or left out; before `persons.jobs_updated` (2026-12-07),
  // no newer export moved a job. Those counts came with what they count. Before `persons.updated` (2026-12-07) matched
  // persons were filled and named uncounted: null, as 0 would say none was. Before `likely_duplicates` (2026-12-08),
  // none was sought: null likewise (it showed 0 until 2026-12-08, as if none had been found).
  const summary =
    stored === null
      ? null
      : {
          ...stored,
          outcome: shownOutcome(job, stored.outcome),
          meetings: { ...stored.meetings, removed: stored.meetings.removed ?? 0 },
          likely_duplicates: stored.likely_duplicates ?? null,
          persons: {
            ...stored.persons,
            updated: stored.persons.updated ?? null,
            jobs_updated: stored.persons.jobs_updated ?? 0,
            addresses_added: stored.persons.addresses_added ?? 0,
            addresses_left_out: stored.persons.addresses_left_out ?? 0,
          },
        };
  const total = job.file_bytes;
  const bytesRead = summary?.bytes_read ?? job.bytes_processed;
  return {
    uuid: job.uuid,
    kind: job.kind,
    status: job.status,
    dry_run: job.dry_run,
    file_name: job.file_name,
    file_bytes: job.file_bytes,
    owner_user_uuid: job.owner_user_uuid,
    created_by_user_uuid: job.created_by_user_uuid,
    progress: {
      items_read: summary?.items.read ?? job.items_processed,
      bytes_read: bytesRead,
      bytes_total: total,
      percent: total ? Math.min(100, Math.floor((bytesRead * 100) / total)) : null,
    },
    summary,
    error: job.error,
    cancel_requested_at: job.cancel_requested_at,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
  };
}
