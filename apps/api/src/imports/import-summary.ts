/**
 * @module
 * The summary of an import: what was (or, in a dry run, would be) created, matched, skipped, and
 * the first problems found. Counts only move forward once a batch has committed.
 */

import type { ImportKind } from "@rapport/store";
import { cutText } from "../platform/request/cut-text.js";
import { noLikelyDuplicates, type CreatedRecords, type LikelyDuplicates } from "./likely-duplicates.js";

/** How many problems a summary lists in full; the count covers all of them. */
export const PROBLEMS_LISTED = 20;

export interface ImportProblem {
  position: string;
  message: string;
}

export interface OwnerSummary {
  user_uuid: string;
  name: string;
  email: string;
  /** How many messages or occurrences of the archive name the user's address. */
  appearances: number;
}

/**
 * How an import ended: completed (the whole input was read), interrupted (stopped on request) or failed (stopped by an
 * error, which the job's `error` or the command's message gives; the batches written before it stay).
 */
export const IMPORT_SUMMARY_OUTCOMES = ["completed", "interrupted", "failed"] as const;
export type ImportSummaryOutcome = (typeof IMPORT_SUMMARY_OUTCOMES)[number];

export interface ImportSummary {
  kind: ImportKind;
  dry_run: boolean;
  /** completed: the whole input was read; interrupted: stopped on request; failed: stopped by an error (committed batches stay). */
  outcome: ImportSummaryOutcome;
  items: { read: number; written: number; unchanged: number; skipped: number; failed: number };
  emails: { new: number; known: number };
  meetings: { new: number; known: number; updated: number; cancelled_skipped: number; removed: number };
  /**
   * `updated`: matched persons a contact changed (named, filled, given addresses, a new job); `jobs_updated`: of those,
   * the ones whose company or title a newer export of the source that set them moved on (a LinkedIn connection's new
   * job); `addresses_added`: a matched contact's addresses its person was given (no other person had them);
   * `addresses_left_out`: a contact's free addresses its person was not given, or not created with, as they would hold
   * more than a person may (MAX_PERSON_EMAIL_ADDRESSES).
   */
  persons: { matched: number; updated: number; jobs_updated: number; created: number; skipped: number; addresses_added: number; addresses_left_out: number };
  companies: { matched: number; created: number };
  /** The persons and companies the import created that look like records the tenant had (a real run's only). */
  likely_duplicates: LikelyDuplicates;
  /** Skipped entries by reason (outside the window, all-day event, ...). */
  skipped: Record<string, number>;
  problems: { count: number; first: ImportProblem[] };
  owner: OwnerSummary | null;
  /** Without an owner: the tenant user whose address appears most in the archive. */
  proposed_owner: OwnerSummary | null;
  bytes_read: number;
  bytes_total: number | null;
  duration_ms: number;
}

export function emptySummary(kind: ImportKind, dryRun: boolean): ImportSummary {
  return {
    kind,
    dry_run: dryRun,
    outcome: "completed",
    items: { read: 0, written: 0, unchanged: 0, skipped: 0, failed: 0 },
    emails: { new: 0, known: 0 },
    meetings: { new: 0, known: 0, updated: 0, cancelled_skipped: 0, removed: 0 },
    persons: { matched: 0, updated: 0, jobs_updated: 0, created: 0, skipped: 0, addresses_added: 0, addresses_left_out: 0 },
    companies: { matched: 0, created: 0 },
    likely_duplicates: noLikelyDuplicates(),
    skipped: {},
    problems: { count: 0, first: [] },
    owner: null,
    proposed_owner: null,
    bytes_read: 0,
    bytes_total: null,
    duration_ms: 0,
  };
}

/** Adds a problem: counted always, listed while fewer than PROBLEMS_LISTED are. */
/** Longest problem message kept: a reader may quote a line of the archive, and a line can be megabytes long. */
export const PROBLEM_MESSAGE_LENGTH = 500;

/** `message` cut to `PROBLEM_MESSAGE_LENGTH` characters, an ellipsis marking the cut. */
export function shortenedProblemMessage(message: string): string {
  return message.length <= PROBLEM_MESSAGE_LENGTH ? message : `${cutText(message, PROBLEM_MESSAGE_LENGTH - 1)}…`;
}

export function addProblem(summary: ImportSummary, problem: ImportProblem): void {
  summary.problems.count += 1;
  if (summary.problems.first.length < PROBLEMS_LISTED) summary.problems.first.push({ ...problem, message: shortenedProblemMessage(problem.message) });
}

export function addSkip(summary: ImportSummary, reason: string): void {
  summary.items.skipped += 1;
  summary.skipped[reason] = (summary.skipped[reason] ?? 0) + 1;
}

/** Counters a batch accumulates before it commits; merged into the summary afterwards. */
export interface BatchCounts {
  written: number;
  unchanged: number;
  emails: { new: number; known: number };
  meetings: { new: number; known: number; updated: number; cancelled_skipped: number; removed: number };
  /**
   * `updated`: matched persons a contact changed (named, filled, given addresses, a new job); `jobs_updated`: of those,
   * the ones whose company or title a newer export of the source that set them moved on (a LinkedIn connection's new
   * job); `addresses_added`: a matched contact's addresses its person was given (no other person had them);
   * `addresses_left_out`: a contact's free addresses its person was not given, or not created with, as they would hold
   * more than a person may (MAX_PERSON_EMAIL_ADDRESSES).
   */
  persons: { matched: number; updated: number; jobs_updated: number; created: number; skipped: number; addresses_added: number; addresses_left_out: number };
  companies: { matched: number; created: number };
  skipped: Record<string, number>;
  /** The persons and companies the batch created, for the summary's `likely_duplicates`. */
  created: CreatedRecords;
  /** Addresses its mail or meetings named that no person had: the store created a person for each (`created` once known). */
  createdAddresses: string[];
}

export function emptyBatchCounts(): BatchCounts {
  return {
    written: 0,
    unchanged: 0,
    emails: { new: 0, known: 0 },
    meetings: { new: 0, known: 0, updated: 0, cancelled_skipped: 0, removed: 0 },
    persons: { matched: 0, updated: 0, jobs_updated: 0, created: 0, skipped: 0, addresses_added: 0, addresses_left_out: 0 },
    companies: { matched: 0, created: 0 },
    skipped: {},
    created: { persons: [], companies: [] },
    createdAddresses: [],
  };
}

export function mergeBatchCounts(summary: ImportSummary, counts: BatchCounts): void {
  summary.items.written += counts.written;
  summary.items.unchanged += counts.unchanged;
  for (const section of ["emails", "meetings", "persons", "companies"] as const) {
    const target = summary[section] as Record<string, number>;
    for (const [name, value] of Object.entries(counts[section])) target[name] = (target[name] ?? 0) + value;
  }
  for (const [reason, value] of Object.entries(counts.skipped)) {
    summary.items.skipped += value;
    summary.skipped[reason] = (summary.skipped[reason] ?? 0) + value;
  }
}
