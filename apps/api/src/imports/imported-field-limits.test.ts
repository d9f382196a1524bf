import { describe, expect, it } from "vitest";
import { importedItemProblem } from "./imported-field-limits.js";
import type { ImportedEmail, ImportedMeeting } from "./imported-items.js";
import { addProblem, PROBLEM_MESSAGE_LENGTH, shortenedProblemMessage, type ImportSummary } from "./import-summary.js";

const email = (overrides: Partial<ImportedEmail> = {}): ImportedEmail => ({
  type: "email",
  message_id: "<m@x>",
  sent_at: 0,
  subject: "Hello",
  from: { email: "a@x.example", name: "A" },
  to: [{ email: "b@x.example", name: null }],
  cc: [],
  body_text: null,
  ...overrides,
});

const meeting = (overrides: Partial<ImportedMeeting> = {}): ImportedMeeting => ({
  type: "meeting",
  external_id: "uid#1",
  title: "Call",
  starts_at: 0,
  ends_at: null,
  status: "confirmed",
  location: null,
  organizer: null,
  attendees: [],
  ...overrides,
});

describe("importedItemProblem", () => {
  it("passes values within the REST API's limits, whatever their count", () => {
    expect(importedItemProblem(email({ subject: "s".repeat(2_000), to: Array.from({ length: 5_000 }, (_, index) => ({ email: `p${index}@x.example`, name: null })) }))).toBeNull();
    expect(importedItemProblem(meeting({ title: "t".repeat(500), attendees: Array.from({ length: 1_000 }, () => ({ email: "a@x.example", name: null, response: "accepted" as const })) }))).toBeNull();
    expect(importedItemProblem({ type: "company", company_name: "Globex", domain: null, fields: { description: "d".repeat(20_000), city: "c".repeat(2_000) } })).toBeNull();
  });

  it("names the first value over its field's limit", () => {
    expect(importedItemProblem(email({ subject: "s".repeat(2_001) }))).toBe("subject is 2001 characters long, more than the 2000 allowed");
    expect(importedItemProblem(email({ cc: [{ email: "c@x.example", name: "n".repeat(201) }] }))).toBe("cc name is 201 characters long, more than the 200 allowed");
    expect(importedItemProblem(meeting({ location: "l".repeat(501) }))).toBe("location is 501 characters long, more than the 500 allowed");
    expect(importedItemProblem({ type: "company", company_name: "Globex", domain: null, fields: { city: "c".repeat(2_001) } })).toBe("city is 2001 characters long, more than the 2000 allowed");
  });
});

describe("addProblem", () => {
  it("keeps a problem's message whole up to its length, and cuts a longer one with an ellipsis", () => {
    const summary = { problems: { count: 0, first: [] } } as unknown as ImportSummary;
    addProblem(summary, { position: "line 1", message: "short" });
    addProblem(summary, { position: "line 2", message: "x".repeat(4_000_000) });
    expect(summary.problems.count).toBe(2);
    expect(summary.problems.first[0]).toEqual({ position: "line 1", message: "short" });
    expect(summary.problems.first[1]!.message).toHaveLength(PROBLEM_MESSAGE_LENGTH);
    expect(summary.problems.first[1]!.message.endsWith("x…")).toBe(true);
    expect(shortenedProblemMessage("y".repeat(PROBLEM_MESSAGE_LENGTH))).toBe("y".repeat(PROBLEM_MESSAGE_LENGTH));
  });
});
