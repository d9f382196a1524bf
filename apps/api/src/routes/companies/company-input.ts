/**
 * @module
 * The company fields a client writes: the body fields of `PUT /v1/companies/{uuid}` exactly as the
 * spec lists them, plus the fields the company list filters on (domain, industry tags, investor
 * fields, scores) and the company's former domains. One shape for create and update.
 */
import { COMPANY_TEXT_FIELDS, EMPLOYEE_COUNT_BANDS, isPlausibleEmail, normalizeDomain, normalizeEmail, type CompanyPatch } from "@rapport/store";
import { z } from "zod";
import { labelList, multiLineThroughout, nameString, nullableCheckedText, nullableDate, nullableNumber, nullableText, nullableWebAddress, oneLine } from "../../platform/request/field-schemas.js";
import {
  MAX_COMPANY_CODE_LENGTH,
  MAX_COMPANY_NAME_LENGTH,
  MAX_DOMAIN_LENGTH,
  MAX_EMAIL_ADDRESS_LENGTH,
  MAX_INVESTMENT_TYPE_LENGTH,
  maxCompanyFieldLength,
} from "../../platform/request/field-limits.js";
import { MAX_CUSTOM_FIELDS_PER_RECORD, MAX_FORMER_DOMAINS } from "../../platform/request/count-limits.js";
import { UUID_PATTERN } from "../../platform/request/uuid-pattern.js";

const SPEC_TEXT_DESCRIPTIONS: Record<(typeof COMPANY_TEXT_FIELDS)[number], string> = {
  acquisition_status: "Acquisition status; what the acquisition_status filter matches.",
  business_model: "Business model.",
  city: "City of the headquarters.",
  company_type: "Company type.",
  country: "Country of the headquarters; any spelling (name or ISO code): the country filter matches every spelling.",
  description: "Description.",
  email: "Contact email address.",
  employee_count: `Head-count band, one of ${EMPLOYEE_COUNT_BANDS.join(", ")}: the same bands the employee_count_from/to filters use.`,
  facebook_url: "Facebook page URL.",
  ipo_status: "IPO status; what the ipo_status filter matches.",
  linkedin_url: "LinkedIn page URL.",
  logo_url: "Logo URL.",
  operating_status: "Operating status; what the operating_status filter matches.",
  phone: "Phone number.",
  region: "Region.",
  sector: "Sector.",
  state: "State or province of the headquarters; name or ISO 3166-2 code.",
  street_address: "Street address.",
  thesis_area: "Thesis area.",
  twitter_url: "Twitter / X URL.",
  website: "Website URL; sets domain when the company has none.",
  year_founded: "Year founded, four digits (\"2015\"); what founded_on_from/to filter on.",
};

/** The band `text` names (trimmed), or null: the rule a company write and a CSV company row share. */
export const employeeCountBandOf = (text: string): string | null => ((EMPLOYEE_COUNT_BANDS as readonly string[]).includes(text) ? text : null);

/** `text` when it is a four-digit year, else null. */
export const yearFoundedOf = (text: string): string | null => (/^\d{4}$/.test(text) ? text : null);

/** `text` as a normalized contact address (as a person's), or null when it is none. */
export function contactEmailOf(text: string): string | null {
  const address = normalizeEmail(text);
  return isPlausibleEmail(address) ? address : null;
}

/** The company fields that hold web addresses: http(s) URLs, never another scheme a client would run. */
export const COMPANY_WEB_ADDRESS_FIELDS = ["website", "linkedin_url", "facebook_url", "twitter_url", "logo_url"] as const;

const employeeCount = nullableCheckedText(
  SPEC_TEXT_DESCRIPTIONS.employee_count,
  MAX_COMPANY_CODE_LENGTH,
  employeeCountBandOf,
  (band) => `'${band.slice(0, 40)}' is not a band; use one of ${EMPLOYEE_COUNT_BANDS.join(", ")}`,
);

const yearFounded = nullableCheckedText(SPEC_TEXT_DESCRIPTIONS.year_founded, MAX_COMPANY_CODE_LENGTH, yearFoundedOf, () => 'must be a four-digit year such as "2015"');

const customFields = z
  .record(z.string(), z.unknown().superRefine(multiLineThroughout))
  .superRefine((fields, context) => {
    const keys = Object.keys(fields);
    const bad = keys.find((key) => !UUID_PATTERN.test(key));
    if (bad !== undefined) context.addIssue({ code: "custom", message: `key '${bad.slice(0, 60)}' is not a custom-field UUID: keys must be custom-field UUIDs` });
    if (keys.length > MAX_CUSTOM_FIELDS_PER_RECORD) context.addIssue({ code: "custom", message: `at most ${MAX_CUSTOM_FIELDS_PER_RECORD} custom fields` });
    const lowered = keys.map((key) => key.toLowerCase());
    const twice = keys.find((_key, index) => lowered.indexOf(lowered[index]!) !== index);
    if (twice !== undefined) context.addIssue({ code: "custom", message: `key '${twice.slice(0, 60)}' is given twice, in upper and in lower case` });
  })
  // Stored and answered in lower case, as every UUID the API takes.
  .transform((fields) => Object.fromEntries(Object.entries(fields).map(([key, value]) => [key.toLowerCase(), value])))
  .describe("Custom field values keyed by field UUID. Replaces the whole stored object: resend every key to keep.");

const domain = nullableCheckedText(
  'Primary web domain; stored without scheme, www or path ("https://www.acme.com/" → "acme.com").',
  MAX_DOMAIN_LENGTH,
  (text) => normalizeDomain(text) || null,
  (text) => `'${text.slice(0, 80)}' is not a domain such as acme.com`,
);

const formerDomains = z
  .array(
    z
      .string()
      .trim()
      .max(MAX_DOMAIN_LENGTH, `each at most ${MAX_DOMAIN_LENGTH} characters`)
      .superRefine(oneLine)
      .transform((text, context) => {
        const normalized = normalizeDomain(text);
        if (normalized === null) {
          context.addIssue({ code: "custom", message: `'${text.slice(0, 80)}' is not a domain such as acme.com` });
          return z.NEVER;
        }
        return normalized;
      }),
  )
  .max(MAX_FORMER_DOMAINS, `at most ${MAX_FORMER_DOMAINS} domains`)
  .describe(
    `Domains the company had before its current one, most recently left first (at most ${MAX_FORMER_DOMAINS}): imports and lookups naming one find this company. ` +
      "Replaces the stored list ([] forgets them); a domain changed in the same write joins it as the one left last, as without it. The newest 50 are kept. The current domain is no former one (400).",
  );

const textShape = Object.fromEntries(
  COMPANY_TEXT_FIELDS.map((field) => [field, nullableText(SPEC_TEXT_DESCRIPTIONS[field], maxCompanyFieldLength(field), field === "description" ? "multi-line" : "one line").optional()]),
) as Record<(typeof COMPANY_TEXT_FIELDS)[number], z.ZodOptional<ReturnType<typeof nullableText>>>;

const companyName = nameString()
  .trim()
  .max(MAX_COMPANY_NAME_LENGTH, `at most ${MAX_COMPANY_NAME_LENGTH} characters`)
  .superRefine(oneLine)
  .refine((value) => value.length > 0, "must not be blank")
  .describe("The company's name.");

const contactEmail = nullableCheckedText(
  `${SPEC_TEXT_DESCRIPTIONS.email} Normalized as a person's: trimmed, lower case, without mailto:.`,
  MAX_EMAIL_ADDRESS_LENGTH,
  contactEmailOf,
  (text) => `'${text.slice(0, 80)}' is not an email address`,
);

const webAddressShape = Object.fromEntries(
  COMPANY_WEB_ADDRESS_FIELDS.map((field) => [field, nullableWebAddress(SPEC_TEXT_DESCRIPTIONS[field], maxCompanyFieldLength(field)).optional()]),
) as Record<(typeof COMPANY_WEB_ADDRESS_FIELDS)[number], z.ZodOptional<ReturnType<typeof nullableWebAddress>>>;

/** Every writable company field but the name, all optional. */
export const companyFieldsShape = {
  ...textShape,
  ...webAddressShape,
  email: contactEmail.optional(),
  employee_count: employeeCount.optional(),
  year_founded: yearFounded.optional(),
  company_custom_fields: customFields.optional(),
  domain: domain.optional(),
  former_domains: formerDomains.optional(),
  service_industry_tags: labelList("Industry tags; what service_industry_tags filters on.").optional(),
  investor_types: labelList("Investor classifications; what investor_types filters on.").optional(),
  last_investment_type: nullableText("Type of the latest investment round; what last_investment_types filters on.", MAX_INVESTMENT_TYPE_LENGTH).optional(),
  last_investment_date: nullableDate("Date of the latest investment.").optional(),
  npi_types: labelList("NPI type labels from the tenant's data source; what npi_types filters on.").optional(),
  npi_date: nullableDate("NPI date from the tenant's data source.").optional(),
  score: nullableNumber("Company score; what score_from/to filter on.").optional(),
  overall_operating_score: nullableNumber("Operating score; what overall_operating_score_from/to filter on.").optional(),
  overall_investor_score: nullableNumber("Investor score; what overall_investor_score_from/to filter on.").optional(),
};

/** The body of `PUT /v1/companies/{uuid}`: only the fields present are written. */
export const companyUpdateSchema = z
  .strictObject({ company_name: companyName.optional(), ...companyFieldsShape })
  .describe("Fields to write; absent fields are kept. company_custom_fields replaces the stored object.");

/** The body of `POST /v1/companies`. */
export const companyCreateSchema = z.strictObject({ company_name: companyName, ...companyFieldsShape }).describe("A new company.");

/** Drops the keys zod left undefined, so only present fields reach the store. */
export function toCompanyPatch(input: z.output<typeof companyUpdateSchema>): CompanyPatch {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as CompanyPatch;
}
