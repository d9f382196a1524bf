import type { ImportJob } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { emptySummary } from "../imports/import-summary.js";
import { importJobSchema, presentImportJob } from "./import-job-presenter.js";

describe("presentImportJob", () => {
  it("shows a job finished before meetings.removed was counted as having removed none, as its schema says", () => {
    const { removed: _removed, ...meetings } = emptySummary("ics", false).meetings;
    const summary = { ...emptySummary("ics", false), meetings: { ...meetings, new: 2 } };
    const job: ImportJob = {
      uuid: "0b6d5c0e-0000-4000-8000-000000000001",
      tenant_uuid: "0b6d5c0e-0000-4000-8000-000000000002",
      kind: "ics",
      status: "succeeded",
      dry_run: false,
      file_name: "calendar.ics",
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
    };
    const presented = presentImportJob(job);
    expect(presented.summary?.meetings).toEqual({ new: 2, known: 0, updated: 0, cancelled_skipped: 0, removed: 0 });
    expect(importJobSchema.safeParse(presented).success).toBe(true);
  });
});
