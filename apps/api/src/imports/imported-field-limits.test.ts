import { COMPANY_TEXT_FIELDS } from "@rapport/store";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { participantField } from "../platform/request/body-schemas.js";
import { MAX_EMAIL_RECIPIENTS } from "../platform/request/count-limits.js";
import { COMPANY_WEB_ADDRESS_FIELDS, companyCreateSchema, companyUpdateSchema } from "../routes/companies/company-input.js";
import { messageSchema } from "../routes/emails/ingest-emails.js";
import { attendeeField, meetingFields } from "../routes/meetings/meeting-body.js";
import { personUpdateSchema } from "../routes/persons/person-input.js";
import { longestAccepted } from "../testing/longest-accepted.js";
import { importedItemProblem } from "./imported-field-limits.js";
import type { ImportedCompany, ImportedEmail, ImportedItem, ImportedMeeting, ImportedPerson } from "./imported-items.js";
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

const recipients = (count: number) => Array.from({ length: count }, (_, index) => ({ email: `p${index}@x.example`, name: null }));

describe("importedItemProblem", () => {
  it("passes values within the REST API's limits, and a meeting whatever its attendee count", () => {
    expect(importedItemProblem(email({ subject: "s".repeat(2_000), to: recipients(MAX_EMAIL_RECIPIENTS), cc: recipients(MAX_EMAIL_RECIPIENTS) }))).toBeNull();
    expect(importedItemProblem(meeting({ title: "t".repeat(500), attendees: Array.from({ length: 1_000 }, () => ({ email: "a@x.example", name: null, response: "accepted" as const })) }))).toBeNull();
    expect(importedItemProblem({ type: "company", company_name: "Globex", domain: null, fields: { description: "d".repeat(20_000), city: "c".repeat(2_000) } })).toBeNull();
  });

  it("refuses an email with more recipients in to or in cc than the emails batch endpoint takes", () => {
    expect(importedItemProblem(email({ to: recipients(MAX_EMAIL_RECIPIENTS + 1) }))).toBe(`to has ${MAX_EMAIL_RECIPIENTS + 1} recipients, more than the ${MAX_EMAIL_RECIPIENTS} allowed`);
    expect(importedItemProblem(email({ cc: recipients(MAX_EMAIL_RECIPIENTS + 1) }))).toBe(`cc has ${MAX_EMAIL_RECIPIENTS + 1} recipients, more than the ${MAX_EMAIL_RECIPIENTS} allowed`);
    expect(messageSchema.safeParse({ message_id: "<m@x>", sent_at: 1_796_590_000_000, from: "a@x.example", to: recipients(MAX_EMAIL_RECIPIENTS + 1).map((address) => address.email) }).success).toBe(false);
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

const text = (length: number) => "a".repeat(length);
const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;
const webAddress = (length: number) => `https://acme.com/${"a".repeat(length - "https://acme.com/".length)}`;
const linkedinUrl = (length: number) => `https://www.linkedin.com/in/${"a".repeat(length - "https://www.linkedin.com/in/".length)}`;
/** A domain of one-letter labels, `a.a.….com` (or `….co` to make an even length). */
const domain = (length: number) => (length % 2 === 0 ? `${"a.".repeat((length - 2) / 2)}co` : `${"a.".repeat((length - 3) / 2)}com`);

const person = (overrides: Partial<ImportedPerson>): ImportedPerson => ({
  type: "person",
  first_name: null,
  last_name: null,
  name: "Ann",
  emails: [],
  linkedin_url: null,
  job_title: null,
  company: null,
  twitter_url: null,
  city: null,
  state: null,
  country: null,
  tags: [],
  ...overrides,
});
const company = (overrides: Partial<ImportedCompany>): ImportedCompany => ({ type: "company", company_name: "Globex", domain: null, fields: {}, ...overrides });

const restAccepts = (schema: z.ZodType, body: (length: number) => unknown) => (length: number) => schema.safeParse(body(length)).success;
const importAccepts = (item: (length: number) => ImportedItem) => (length: number) => importedItemProblem(item(length)) === null;

describe("the import's limits", () => {
  const pairs: Array<[field: string, rest: (length: number) => boolean, imported: (length: number) => boolean]> = [
    ["person name", restAccepts(personUpdateSchema, (n) => ({ name: text(n) })), importAccepts((n) => person({ name: text(n) }))],
    ["first name", restAccepts(personUpdateSchema, (n) => ({ first_name: text(n) })), importAccepts((n) => person({ first_name: text(n) }))],
    ["last name", restAccepts(personUpdateSchema, (n) => ({ last_name: text(n) })), importAccepts((n) => person({ last_name: text(n) }))],
    ["job title", restAccepts(personUpdateSchema, (n) => ({ job_title: text(n) })), importAccepts((n) => person({ job_title: text(n) }))],
    ["person city", restAccepts(personUpdateSchema, (n) => ({ city: text(n) })), importAccepts((n) => person({ city: text(n) }))],
    ["person state", restAccepts(personUpdateSchema, (n) => ({ state: text(n) })), importAccepts((n) => person({ state: text(n) }))],
    ["person country", restAccepts(personUpdateSchema, (n) => ({ country: text(n) })), importAccepts((n) => person({ country: text(n) }))],
    ["person email", restAccepts(personUpdateSchema, (n) => ({ emails: [address(n)] })), importAccepts((n) => person({ emails: [address(n)] }))],
    ["linkedin url", restAccepts(personUpdateSchema, (n) => ({ linkedin_url: linkedinUrl(n) })), importAccepts((n) => person({ linkedin_url: linkedinUrl(n) }))],
    ["twitter url", restAccepts(personUpdateSchema, (n) => ({ twitter_url: webAddress(n) })), importAccepts((n) => person({ twitter_url: webAddress(n) }))],
    ["tag", restAccepts(personUpdateSchema, (n) => ({ tags: [text(n)] })), importAccepts((n) => person({ tags: [text(n)] }))],
    ["person's company name", restAccepts(companyCreateSchema, (n) => ({ company_name: text(n) })), importAccepts((n) => person({ company: { name: text(n), domain: null } }))],
    ["person's company domain", restAccepts(companyUpdateSchema, (n) => ({ domain: domain(n) })), importAccepts((n) => person({ company: { name: "Globex", domain: domain(n) } }))],
    ["company name", restAccepts(companyCreateSchema, (n) => ({ company_name: text(n) })), importAccepts((n) => company({ company_name: text(n) }))],
    ["company domain", restAccepts(companyUpdateSchema, (n) => ({ domain: domain(n) })), importAccepts((n) => company({ domain: domain(n) }))],
    ...COMPANY_TEXT_FIELDS.filter((field) => field !== "employee_count" && field !== "year_founded").map((field): [string, (length: number) => boolean, (length: number) => boolean] => {
      const value = field === "email" ? address : (COMPANY_WEB_ADDRESS_FIELDS as readonly string[]).includes(field) ? webAddress : text;
      return [`company ${field}`, restAccepts(companyUpdateSchema, (n) => ({ [field]: value(n) })), importAccepts((n) => company({ fields: { [field]: value(n) } }))];
    }),
    ["message id", restAccepts(messageSchema, (n) => ({ message_id: text(n), sent_at: 1_796_590_000_000, from: "a@acme.example" })), importAccepts((n) => email({ message_id: text(n) }))],
    ["subject", restAccepts(messageSchema, (n) => ({ message_id: "<m@x>", sent_at: 1_796_590_000_000, subject: text(n), from: "a@acme.example" })), importAccepts((n) => email({ subject: text(n) }))],
    ["sender address", restAccepts(participantField, (n) => ({ email: address(n) })), importAccepts((n) => email({ from: { email: address(n), name: null } }))],
    ["sender name", restAccepts(participantField, (n) => ({ email: "a@acme.example", name: text(n) })), importAccepts((n) => email({ from: { email: "a@acme.example", name: text(n) } }))],
    ["meeting title", restAccepts(meetingFields.title, text), importAccepts((n) => meeting({ title: text(n) }))],
    ["meeting location", restAccepts(meetingFields.location, text), importAccepts((n) => meeting({ location: text(n) }))],
    ["attendee address", restAccepts(attendeeField, (n) => ({ email: address(n), response: "accepted" })), importAccepts((n) => meeting({ attendees: [{ email: address(n), name: null, response: "accepted" }] }))],
    ["attendee name", restAccepts(attendeeField, (n) => ({ email: "a@acme.example", name: text(n), response: "accepted" })), importAccepts((n) => meeting({ attendees: [{ email: "a@acme.example", name: text(n), response: "accepted" }] }))],
  ];

  it.each(pairs)("%s: the longest value the REST API takes, no more", (_field, rest, imported) => {
    expect(longestAccepted(imported)).toBe(longestAccepted(rest));
  });
});
