/** Zod building blocks for request bodies: instants and participants. */
import { z } from "zod";
import { parseIsoTimestamp } from "./iso-timestamp.js";
import { MAX_DATE_TEXT_LENGTH, MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_ADDRESS_LENGTH } from "./field-limits.js";
import { UUID_PATTERN } from "./uuid-pattern.js";

/** The latest instant a JavaScript `Date` holds (ECMAScript: 100,000,000 days after the epoch), in epoch milliseconds. */
const LATEST_DATE_MILLISECONDS = 8_640_000_000_000_000;

/** An instant in a body: ISO 8601 date-time string or Unix epoch milliseconds; out as epoch ms. */
export const instantField = (description: string) =>
  z
    .union([z.string().max(MAX_DATE_TEXT_LENGTH), z.number().int().min(0).max(LATEST_DATE_MILLISECONDS)])
    .transform((value, context) => {
      if (typeof value === "number") return value;
      const time = parseIsoTimestamp(value);
      if (time === null) {
        context.addIssue({ code: "custom", message: `'${value}' is not an ISO 8601 date-time or epoch milliseconds` });
        return z.NEVER;
      }
      return time;
    })
    .describe(`${description} ISO 8601 date-time, or Unix epoch milliseconds.`);

/** A participant: a person by uuid, or an email address with an optional display name. */
export const participantField = z
  .union([
    z.string().trim().max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`).describe("An email address."),
    z
      .object({
        person_uuid: z.string().regex(UUID_PATTERN, "must be a UUID").optional().describe("An existing person."),
        email: z.string().trim().max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`).optional().describe("An email address; unknown addresses become new persons."),
        name: z.string().trim().max(MAX_DISPLAY_NAME_LENGTH, `at most ${MAX_DISPLAY_NAME_LENGTH} characters`).optional().describe("Display name for a new person."),
      })
      .strict()
      .refine((value) => Boolean(value.person_uuid) !== Boolean(value.email), "give exactly one of person_uuid or email"),
  ])
  .transform((value) => (typeof value === "string" ? { email: value } : value))
  .describe("A participant: an email address string, or {person_uuid} or {email, name}.");
