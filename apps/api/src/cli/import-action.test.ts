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

  it("says how many of the contacts' addresses were left out at the limit of a person's, and nothing when none was", () => {
    const summary = emptySummary("vcf", true);
    summary.persons = { matched: 2, updated: 1, jobs_updated: 0, created: 0, skipped: 0, addresses_added: 1, addresses_left_out: 3 };
    expect(summaryLines(summary, "contacts.vcf")).toContain("  persons: 2 matched (1 to update), 0 to create, 0 skipped, 1 of their addresses to add to matched persons, 3 addresses left out (a person holds at most 20)");
    summary.persons.addresses_left_out = 0;
    expect(summaryLines(summary, "contacts.vcf")).toContain("  persons: 2 matched (1 to update), 0 to create, 0 skipped, 1 of their addresses to add to matched persons");
  });

  it("says how many matched persons a contact import updated, and how many of them took a newer export's job", () => {
    const summary = emptySummary("csv", false);
    summary.persons = { matched: 4, updated: 2, jobs_updated: 2, created: 1, skipped: 0, addresses_added: 0, addresses_left_out: 0 };
    expect(summaryLines(summary, "Connections.csv")).toContain("  persons: 4 matched (2 updated, 2 with a new company or title from this newer export), 1 created, 0 skipped");
    summary.persons.jobs_updated = 0;
    expect(summaryLines(summary, "Connections.csv")).toContain("  persons: 4 matched (2 updated), 1 created, 0 skipped");
  });

  it("says nothing of updated persons when none was (mail, or a contact import that changed nobody)", () => {
    const summary = emptySummary("mbox", false);
    summary.persons = { matched: 3, updated: 0, jobs_updated: 0, created: 1, skipped: 0, addresses_added: 0, addresses_left_out: 0 };
    expect(summaryLines(summary, "inbox.mbox")).toContain("  persons: 3 matched, 1 created, 0 skipped");
    summary.kind = "csv";
    expect(summaryLines(summary, "Connections.csv")).toContain("  persons: 3 matched, 1 created, 0 skipped");
  });
});
