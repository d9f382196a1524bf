/** Zod building blocks for request bodies: instants and participants. */
import { isParticipantAddress, normalizeEmail } from "@rapport/store";
import { z } from "zod";
import { nameString, oneLine } from "./field-schemas.js";
import { parseIsoTimestamp } from "./iso-timestamp.js";
import { MAX_DATE_TEXT_LENGTH, MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_ADDRESS_LENGTH } from "./field-limits.js";
import { UUID_PATTERN } from "./uuid-pattern.js";

/** The latest instant a JavaScript `Date` holds (ECMAScript: 100,000,000 days after the epoch), in epoch milliseconds. */
const LATEST_DATE_MILLISECONDS = 8_640_000_000_000_000;

/**
 * The earliest instant a body takes as a number (1973-03-03T09:46:40Z, 10^11 ms): a smaller one is epoch seconds of
 * these years (10 digits) far more likely than an instant of the 1970s, which ISO 8601 text still gives.
 */
const EARLIEST_EPOCH_MILLISECONDS = 100_000_000_000;

/** An instant in a body: ISO 8601 date-time string or Unix epoch milliseconds; out as epoch ms. */
export const instantField = (description: string) =>
  z
    .union([z.string().max(MAX_DATE_TEXT_LENGTH, `is not an ISO 8601 date-time (at most ${MAX_DATE_TEXT_LENGTH} characters) or epoch milliseconds`), z.number().int().min(0).max(LATEST_DATE_MILLISECONDS)])
    .transform((value, context) => {
      if (typeof value === "number" && value < EARLIEST_EPOCH_MILLISECONDS) {
        const asSeconds = value * 1000;
        context.addIssue({
          code: "custom",
          message: `${value} as epoch milliseconds is ${new Date(value).toISOString()}: epoch seconds? send milliseconds (${asSeconds}, ${new Date(asSeconds).toISOString()}), or an instant before 1973 as ISO 8601`,
        });
        return z.NEVER;
      }
      if (typeof value === "number") return value;
      const time = parseIsoTimestamp(value);
      if (time === null) {
        context.addIssue({ code: "custom", message: `'${value}' is not an ISO 8601 date-time or epoch milliseconds` });
        return z.NEVER;
      }
      return time;
    })
    .describe(`${description} ISO 8601 date-time, or Unix epoch milliseconds (not seconds).`);

/**
 * For `.superRefine`: a participant's address (trimmed) as the store takes one (`isParticipantAddress`), so that a
 * refusal names its field (`attendees.2`); the store's own refusal named none.
 */
const participantAddressShape = (address: string, context: z.RefinementCtx) => {
  if (isParticipantAddress(normalizeEmail(address))) return;
  context.addIssue({ code: "custom", message: address === "" ? "must not be blank: send an email address" : `'${address.slice(0, 80)}' is not an email address` });
};

/** `participantAddressShape` for an object's `email`, whose empty text is left to its "give exactly one" rule. */
const objectAddressShape = (address: string, context: z.RefinementCtx) => {
  if (address !== "") participantAddressShape(address, context);
};

/**
 * The fields of a participant given as an object: a person by uuid, or an email address with an optional display
 * name. The address and the name are stored trimmed, so their limits count them trimmed.
 */
export const participantObjectFields = {
  person_uuid: z.string().regex(UUID_PATTERN, "must be a UUID").optional().describe("An existing person."),
  email: z.string().trim().max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`).superRefine(oneLine).superRefine(objectAddressShape).optional().describe("An email address; unknown addresses become new persons."),
  name: nameString().trim().max(MAX_DISPLAY_NAME_LENGTH, `at most ${MAX_DISPLAY_NAME_LENGTH} characters`).superRefine(oneLine).optional().describe("Display name for a new person."),
};

/** True when a participant object names one person: by uuid or by address, not both. */
export const namesOnePerson = (value: { person_uuid?: string; email?: string }): boolean => Boolean(value.person_uuid) !== Boolean(value.email);

/** The message when a participant object names no person or two. */
export const NAMES_ONE_PERSON = "give exactly one of person_uuid or email";

/** A participant given as an email address string, held to its limit trimmed. */
export const participantAddress = z
  .string()
  .trim()
  .max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`)
  .superRefine(oneLine)
  .superRefine(participantAddressShape)
  .describe("An email address.");

/** A participant: a person by uuid, or an email address with an optional display name. */
export const participantField = z
  .union([participantAddress, z.object(participantObjectFields).strict().refine(namesOnePerson, NAMES_ONE_PERSON)])
  .transform((value) => (typeof value === "string" ? { email: value } : value))
  .describe("A participant: an email address string, or {person_uuid} or {email, name}.");
