import type { ImportJob } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { emptySummary } from "../imports/import-summary.js";
import { importJobSchema, presentImportJob } from "./import-job-presenter.js";

function finishedJob(summary: Record<string, unknown>): ImportJob {
  return {
    uuid: "0b6d5c0e-0000-4000-8000-000000000001",
    tenant_uuid: "0b6d5c0e-0000-4000-8000-000000000002",
    kind: "vcf",
    status: "succeeded",
    dry_run: false,
    file_name: "contacts.vcf",
    file_bytes: 10,
    options: {},
    owner_user_uuid: null,
    created_by_user_uuid: null,
    items_processed: 2,
    bytes_processed: 10,
    summary,
    error: null,
    created_at: 1,
    updated_at: 2,
    started_at: 1,
    finished_at: 2,
    runner: null,
    cancel_requested_at: null,
  };
}

describe("presentImportJob", () => {
  it("shows a job finished before persons.updated was counted as not having counted it (null), never as having updated none", () => {
    // As a release before 2026-12-07 stored it: matched persons it filled or named, uncounted; no newer export's job.
    const { updated: _updated, jobs_updated: _jobsUpdated, ...persons } = emptySummary("vcf", false).persons;
    const presented = presentImportJob(finishedJob({ ...emptySummary("vcf", false), persons: { ...persons, matched: 4 } }));
    expect(presented.summary?.persons).toEqual({ matched: 4, updated: null, jobs_updated: 0, created: 0, skipped: 0, addresses_added: 0, addresses_left_out: 0 });
    expect(importJobSchema.safeParse(presented).success).toBe(true);
    // A job of this release counts them, none as none.
    const counted = presentImportJob(finishedJob({ ...emptySummary("vcf", false), persons: { ...persons, matched: 4, updated: 0, jobs_updated: 0 } }));
    expect(counted.summary?.persons).toMatchObject({ updated: 0, jobs_updated: 0 });
  });

  it("shows a job finished before meetings.removed was counted as having removed none, as its schema says", () => {
    const { removed: _removed, ...meetings } = emptySummary("ics", false).meetings;
    const summary = { ...emptySummary("ics", false), meetings: { ...meetings, new: 2 } };
    const job = { ...finishedJob(summary), kind: "ics", file_name: "calendar.ics" } satisfies ImportJob;
    const presented = presentImportJob(job);
    expect(presented.summary?.meetings).toEqual({ new: 2, known: 0, updated: 0, cancelled_skipped: 0, removed: 0 });
    expect(importJobSchema.safeParse(presented).success).toBe(true);
  });

  it("shows a job finished before likely duplicates were sought as not having sought them (null), never as having found none", () => {
    const { likely_duplicates: _likelyDuplicates, ...before } = emptySummary("vcf", false);
    const presented = presentImportJob(finishedJob({ ...before, persons: { ...before.persons, created: 3 } }));
    expect(presented.summary?.likely_duplicates).toBeNull();
    expect(importJobSchema.safeParse(presented).success).toBe(true);
    // A job of this release sought them, none as none.
    expect(presentImportJob(finishedJob({ ...emptySummary("vcf", false) })).summary?.likely_duplicates).toEqual({ persons: 0, companies: 0, first: [] });
  });

  it("shows a cancelled job whose runner was gone, ended from its progress, as interrupted", () => {
    const progress = { ...emptySummary("vcf", false), outcome: "completed" };
    const presented = presentImportJob({ ...finishedJob(progress), status: "cancelled", cancel_requested_at: 2 });
    expect(presented).toMatchObject({ status: "cancelled", cancel_requested_at: 2, summary: { outcome: "interrupted" } });
    expect(importJobSchema.safeParse(presented).success).toBe(true);
  });
});
