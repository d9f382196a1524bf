import { describe, expect, it } from "vitest";
import { emptySummary } from "../imports/import-summary.js";
import { summaryLines } from "./import-action.js";

describe("summaryLines", () => {
  it("names the 24-hour meetings a calendar import removed, and says nothing of them when there were none", () => {
    const summary = emptySummary("ics", false);
    summary.meetings = { new: 1, known: 3, updated: 0, cancelled_skipped: 0, removed: 2 };
    expect(summaryLines(summary, "outlook.ics")).toContain("  meetings: 1 new, 3 already known, 0 updated, 0 cancelled and left out, 2 removed (all-day events an earlier import stored as 24-hour meetings)");
    summary.meetings.removed = 0;
    expect(summaryLines(summary, "outlook.ics")).toContain("  meetings: 1 new, 3 already known, 0 updated, 0 cancelled and left out");
  });
});
