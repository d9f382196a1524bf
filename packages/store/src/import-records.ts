/**
 * @module
 * Import jobs as the store takes and hands them out. A job's summary is the API's own JSON
 * document: the store keeps it as given.
 */

/** The kinds of file an import job reads: mail (`mbox`), calendars (`ics`) and contacts (`vcf`, `csv`). */
export const IMPORT_KINDS = ["mbox", "ics", "vcf", "csv"] as const;
/** One of `IMPORT_KINDS`. */
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** An import job's statuses, from `queued` to one of `IMPORT_JOB_OUTCOMES`. */
export const IMPORT_JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
/** One of `IMPORT_JOB_STATUSES`. */
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** An import job of an upload (`POST /v1/imports`): its kind, options, state and progress. */
export interface ImportJob {
  uuid: string;
  tenant_uuid: string;
  kind: ImportKind;
  status: ImportJobStatus;
  dry_run: boolean;
  file_name: string | null;
  file_bytes: number | null;
  options: Record<string, unknown>;
  /** The internal user whose mailbox or calendar this is. */
  owner_user_uuid: string | null;
  /** Who started the job (null for a tenant-wide key). */
  created_by_user_uuid: string | null;
  items_processed: number;
  bytes_processed: number;
  summary: Record<string, unknown> | null;
  error: string | null;
  created_at: number;
  /** Last heartbeat of the runner (or last change). */
  updated_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** The process that runs the job, as its creator named it (the API: host, process id and a random id); or null. */
  runner: string | null;
  /** When a cancel was first asked for (`requestCancel`), for its runner to stop at its next batch; null when none was. */
  cancel_requested_at: number | null;
}

/** What creating an import job takes. */
export interface NewImportJob {
  kind: ImportKind;
  dry_run: boolean;
  file_name?: string | null;
  file_bytes?: number | null;
  options?: Record<string, unknown>;
  owner_user_uuid?: string | null;
  created_by_user_uuid?: string | null;
  /** The process that will run the job, for a later reader to tell one whose process stopped. */
  runner?: string | null;
}

/** How far a running import job is: items and bytes read, and its summary so far. */
export interface ImportJobProgress {
  items_processed: number;
  bytes_processed: number;
  summary: Record<string, unknown> | null;
}

/** The statuses a job ends in. */
export const IMPORT_JOB_OUTCOMES = ["succeeded", "failed", "cancelled"] as const satisfies readonly ImportJobStatus[];
/** One of `IMPORT_JOB_OUTCOMES`. */
export type ImportJobOutcomeStatus = (typeof IMPORT_JOB_OUTCOMES)[number];

/** How an import job ended: its status, summary and error. */
export interface ImportJobOutcome {
  status: ImportJobOutcomeStatus;
  summary: Record<string, unknown> | null;
  error: string | null;
}
