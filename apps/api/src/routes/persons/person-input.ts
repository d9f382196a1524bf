/**
 * @module
 * The person fields a client writes: one shape for create (`POST /v1/persons`, each item of
 * `POST /v1/persons/batch`) and update (`PUT /v1/persons/{uuid}`), validated and normalized here.
 */
import { isPlausibleEmail, normalizeEmail, normalizeLinkedinUrl, type NewAffiliation, type PersonPatch } from "@rapport/store";
import { z } from "zod";
import { labelList, nullableCheckedText, nullableDate, nullableName, nullableText, nullableWebAddress, oneLine } from "../../platform/request/field-schemas.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_PERSON_AFFILIATIONS, MAX_PERSON_EMAIL_ADDRESSES } from "../../platform/request/count-limits.js";
import {
  MAX_EMAIL_ADDRESS_LENGTH,
  MAX_JOB_TITLE_LENGTH,
  MAX_NAME_PART_LENGTH,
  MAX_PERSON_NAME_LENGTH,
  MAX_PERSON_PLACE_LENGTH,
  MAX_WEB_ADDRESS_LENGTH,
} from "../../platform/request/field-limits.js";

/** Normalizes an address, or reports it as not being one. */
function normalizedAddress(value: string, context: z.RefinementCtx): string {
  const address = normalizeEmail(value);
  if (!isPlausibleEmail(address)) {
    context.addIssue({ code: "custom", message: `'${value.slice(0, 80)}' is not an email address` });
    return "";
  }
  return address;
}

const emailEntry = z
  .union([
    z.string().trim().max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`).superRefine(oneLine),
    z.strictObject({
      address: z.string().trim().max(MAX_EMAIL_ADDRESS_LENGTH, `at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`).superRefine(oneLine).describe("The address."),
      is_primary: z.boolean().default(false).describe("True for the primary address; at most one."),
    }),
  ])
  .transform((entry, context) => {
    const { address, is_primary } = typeof entry === "string" ? { address: entry, is_primary: false } : entry;
    return { address: normalizedAddress(address, context), is_primary };
  })
  .describe("An address, or {address, is_primary}.");

const emails = z
  .array(emailEntry)
  .max(MAX_PERSON_EMAIL_ADDRESSES, `at most ${MAX_PERSON_EMAIL_ADDRESSES} addresses`)
  .refine((list) => list.filter((email) => email.is_primary).length <= 1, "at most one address may have is_primary: true")
  .describe("Email addresses (unique per tenant): strings, or {address, is_primary}; without a flagged primary the first is primary. Normalized: trimmed, lower case, without mailto:.");

const linkedinUrl = nullableCheckedText(
  "LinkedIn profile URL; matched in any form (with or without scheme or www, trailing slash, query string).",
  MAX_WEB_ADDRESS_LENGTH,
  (url) => (normalizeLinkedinUrl(url) ? url : null),
  () => "must be a LinkedIn URL such as https://www.linkedin.com/in/jane-doe",
);

const affiliationInput = z
  .strictObject({
    company_uuid: uuidString("The company (from GET /v1/companies)."),
    title: nullableText("Job title there.", MAX_JOB_TITLE_LENGTH).optional(),
    is_current: z.boolean().default(true).describe("True (the default) while the person works there."),
    started_on: nullableDate("Start date.").optional(),
    ended_on: nullableDate("End date; only for past affiliations.").optional(),
  })
  .refine((affiliation) => !(affiliation.is_current && affiliation.ended_on), "a current affiliation (is_current: true) has no ended_on")
  .refine(
    (affiliation) => !affiliation.started_on || !affiliation.ended_on || affiliation.started_on <= affiliation.ended_on,
    "started_on must not be after ended_on",
  )
  .describe("A current or past tenure at a company.");

/** Every writable person field, all optional. */
export const personFieldsShape = {
  name: nullableName("Display name; built from first_name and last_name when omitted.", MAX_PERSON_NAME_LENGTH).optional(),
  first_name: nullableName("Given name.", MAX_NAME_PART_LENGTH).optional(),
  last_name: nullableName("Family name.", MAX_NAME_PART_LENGTH).optional(),
  emails: emails.optional(),
  job_title: nullableText("Job title at the primary company.", MAX_JOB_TITLE_LENGTH).optional(),
  primary_company_uuid: uuidString("The current employer (from GET /v1/companies); it gets a current affiliation.").nullable().optional(),
  linkedin_url: linkedinUrl.optional(),
  twitter_url: nullableWebAddress("Twitter / X profile URL.").optional(),
  facebook_url: nullableWebAddress("Facebook profile URL.").optional(),
  logo_url: nullableWebAddress("Picture URL.").optional(),
  city: nullableText("City.", MAX_PERSON_PLACE_LENGTH).optional(),
  state: nullableText("State or region.", MAX_PERSON_PLACE_LENGTH).optional(),
  country: nullableText("Country.", MAX_PERSON_PLACE_LENGTH).optional(),
  tags: labelList("Tags.").optional(),
  affiliations: z
    .array(affiliationInput)
    .max(MAX_PERSON_AFFILIATIONS, `at most ${MAX_PERSON_AFFILIATIONS} affiliations`)
    .optional()
    .describe("Current and past affiliations; on update the list replaces the stored one."),
};

/** The body of a person update: every field optional, unknown fields rejected. */
export const personUpdateSchema = z.strictObject(personFieldsShape).describe("Fields to write; absent fields are kept.");

const identifies = (input: z.output<typeof personUpdateSchema>) =>
  Boolean(input.name || input.first_name || input.last_name || input.linkedin_url || (input.emails && input.emails.length > 0));

/** The body of a person create: at least a name, an email address or a LinkedIn URL. */
export const personCreateSchema = personUpdateSchema
  .refine(identifies, "a person needs at least a name (name, first_name or last_name), an email address or a LinkedIn URL")
  .describe("A new person.");

export type PersonInput = z.output<typeof personUpdateSchema>;

function affiliationsOf(input: PersonInput): NewAffiliation[] | undefined {
  return input.affiliations?.map((affiliation) => ({
    company_uuid: affiliation.company_uuid,
    title: affiliation.title ?? null,
    is_current: affiliation.is_current,
    started_on: affiliation.started_on ?? null,
    ended_on: affiliation.ended_on ?? null,
  }));
}

/** The store patch for validated input (also what create takes, with the tenant added). */
export function toPersonPatch(input: PersonInput): PersonPatch {
  const { affiliations: _affiliations, ...fields } = input;
  const patch: PersonPatch = { ...fields };
  const affiliations = affiliationsOf(input);
  if (affiliations) patch.affiliations = affiliations;
  return patch;
}
