/**
 * @module
 * Which CSV column feeds which field: defaults that recognize the exports of common CRMs (HubSpot,
 * Salesforce, Pipedrive, Affinity, Apollo), Google and Outlook contacts and LinkedIn connections by
 * header name, overridden or extended by `--map "Header=field,..."`.
 */
import { COMPANY_TEXT_FIELDS } from "@rapport/store";
import { CSV_ENTITIES, type CsvEntity } from "./csv-entities.js";
import { ImportRequestError } from "./import-request.js";

export const PERSON_FIELDS = [
  "first_name",
  "middle_name",
  "last_name",
  "name",
  "email",
  "linkedin_url",
  "job_title",
  "company",
  "company_domain",
  "twitter_url",
  "city",
  "state",
  "country",
  "tags",
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

export const COMPANY_FIELDS = ["company_name", "domain", ...COMPANY_TEXT_FIELDS] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** `--map` target that drops a column the defaults would have used. */
export const IGNORE_FIELD = "ignore";

/** A header compared without case, spaces or punctuation: "E-mail Address" → "emailaddress". */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

const PERSON_DEFAULTS: Record<PersonField, string[]> = {
  first_name: ["firstname", "givenname", "first", "forename"],
  // Google's and Outlook's exports; Google puts a name's particle there too ("Ludwig" "van" "Beethoven").
  middle_name: ["middlename", "middlenames", "additionalname"],
  last_name: ["lastname", "surname", "familyname", "last"],
  name: ["name", "fullname", "contactname", "displayname", "personname", "contact"],
  email: [
    "email", "emails", "emailaddress", "email1", "email1value", "workemail", "primaryemail", "businessemail", "personalemail",
    "email2", "email2value", "email3value", "otheremail", "email2address", "email3address", "emailaddresses",
  ],
  // Google's and Outlook's web page columns hold a LinkedIn profile as often as not; only a LinkedIn URL is kept.
  linkedin_url: [
    "linkedin", "linkedinurl", "linkedinprofile", "linkedinprofileurl", "personlinkedinurl", "url", "profileurl",
    "website1value", "website2value", "website3value", "webpage", "personalwebpage",
  ],
  job_title: ["title", "jobtitle", "position", "role", "designation", "organization1title", "organizationtitle", "headline"],
  company: ["company", "companyname", "organization", "organisation", "account", "accountname", "organizationname", "organization1name", "employer", "currentcompany"],
  company_domain: ["companydomain", "domain", "website", "companywebsite", "companyurl", "accountwebsite"],
  twitter_url: ["twitter", "twitterurl", "twitterhandle"],
  city: ["city", "mailingcity", "businesscity", "homecity", "address1city", "location"],
  state: ["state", "region", "province", "mailingstate", "businessstate", "homestate", "address1region", "stateregion", "stateprovince"],
  country: ["country", "mailingcountry", "businesscountry", "countryregion", "businesscountryregion", "homecountryregion", "address1country"],
  tags: ["tags", "labels", "categories", "tag", "groupmembership"],
};

const COMPANY_DEFAULTS: Partial<Record<CompanyField, string[]>> = {
  company_name: ["name", "companyname", "company", "account", "accountname", "organization", "organisation", "organizationname"],
  domain: ["domain", "companydomain"],
  website: ["website", "companywebsite", "url", "websiteurl", "web"],
  email: ["email", "companyemail", "emailaddress"],
  linkedin_url: ["linkedin", "linkedinurl", "companylinkedinurl"],
  twitter_url: ["twitter", "twitterurl"],
  facebook_url: ["facebook", "facebookurl"],
  sector: ["industry", "sector"],
  employee_count: ["employees", "employeecount", "numberofemployees", "companysize", "headcount"],
  year_founded: ["founded", "yearfounded", "foundedyear"],
  street_address: ["address", "streetaddress", "street", "billingstreet"],
  city: ["city", "billingcity", "hqcity"],
  state: ["state", "region", "billingstate", "stateregion"],
  country: ["country", "billingcountry", "hqcountry"],
  description: ["description", "about", "shortdescription"],
  phone: ["phone", "phonenumber", "companyphone"],
};

/** Column index → field, for one entity. */
export type ColumnMapping = Map<number, string>;

/** The `Header=field` pairs of `--map` values, as written. Throws with a message on bad syntax. */
function* columnMapPairs(values: readonly string[]): Generator<{ header: string; field: string }> {
  for (const value of values) {
    for (const pair of value.split(",")) {
      if (!pair.trim()) continue;
      const at = pair.lastIndexOf("=");
      const header = pair.slice(0, at).trim();
      const field = pair.slice(at + 1).trim().toLowerCase();
      if (at <= 0 || !header || !field) throw new Error(`map entry "${pair.trim()}" must be Header=field`);
      yield { header, field };
    }
  }
}

/**
 * Parses `--map` values: `"Header=field,Other=field"`, repeatable. Throws with a message on bad syntax, and on a
 * header given two different fields (the last one silently won: `Email=email,Email=name` imported no address).
 */
export function parseColumnMap(values: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { header, field } of columnMapPairs(values)) {
    const key = headerKey(header);
    const earlier = map.get(key);
    if (earlier !== undefined && earlier !== field) throw new Error(`map gives the header "${header}" two fields, ${earlier} and ${field}: give it one`);
    map.set(key, field);
  }
  return map;
}

/** The headers `--map` values name, by header key, as written (for messages). */
export function columnMapHeaders(values: readonly string[]): Map<string, string> {
  const headers = new Map<string, string>();
  for (const { header } of columnMapPairs(values)) headers.set(headerKey(header), header);
  return headers;
}

/**
 * Refuses a `--map` naming a header the file's header row does not have: the mapping would silently do
 * nothing. The ImportRequestError names the missing header and the headers the file has.
 */
export function checkMapHeadersPresent(mapHeaders: ReadonlyMap<string, string>, headerRow: readonly string[], fileName: string): void {
  const keys = new Set(headerRow.map(headerKey));
  for (const [key, written] of mapHeaders) {
    if (!keys.has(key)) {
      const present = headerRow.filter((header) => header.trim() !== "").map((header) => `"${header.trim().slice(0, 80)}"`);
      const listed = present.length > 20 ? `${present.slice(0, 20).join(", ")} and ${present.length - 20} more` : present.join(", ");
      throw new ImportRequestError(`map names the header "${written}", which ${fileName} does not have; its headers are ${listed}`);
    }
  }
}

function fieldsOf(entity: CsvEntity): readonly string[] {
  return entity === "persons" ? PERSON_FIELDS : COMPANY_FIELDS;
}

/** Checks that every `--map` target is a field of the entity (an ImportRequestError names the first that is not). */
export function checkColumnMap(map: Map<string, string>, entity: CsvEntity): void {
  const fields = fieldsOf(entity);
  for (const field of map.values()) {
    if (field !== IGNORE_FIELD && !fields.includes(field)) {
      throw new ImportRequestError(`map target "${field}" is not a ${entity} field; use one of ${fields.join(", ")} or ${IGNORE_FIELD}`);
    }
  }
}

/**
 * Header keys that are not the person's job title beside another header: Outlook's contacts export has "Title" for
 * the name prefix (Mr., Dr.) and "Job Title" for the job.
 */
const NAME_PREFIX_BESIDE: ReadonlyMap<string, string> = new Map([["title", "jobtitle"]]);

/** Maps a header row for an entity: explicit `--map` entries first, then the defaults. */
export function mapColumns(headers: readonly string[], entity: CsvEntity, explicit: Map<string, string>): ColumnMapping {
  const defaults = entity === "persons" ? PERSON_DEFAULTS : COMPANY_DEFAULTS;
  const byKey = new Map<string, string>();
  for (const [field, keys] of Object.entries(defaults)) for (const key of keys ?? []) if (!byKey.has(key)) byKey.set(key, field);
  const keys = new Set(headers.map(headerKey));
  if (entity === "persons") for (const [prefix, beside] of NAME_PREFIX_BESIDE) if (keys.has(beside)) byKey.delete(prefix);
  const mapping: ColumnMapping = new Map();
  headers.forEach((header, index) => {
    const key = headerKey(header);
    const field = explicit.get(key) ?? byKey.get(key);
    if (field && field !== IGNORE_FIELD) mapping.set(index, field);
  });
  return mapping;
}

/** The entity a header row describes when not told: persons when any person-only column is present. */
export function guessEntity(headers: readonly string[], explicit: Map<string, string>): CsvEntity | null {
  const persons = new Set(mapColumns(headers, "persons", explicit).values());
  if (["first_name", "last_name", "email", "job_title"].some((field) => persons.has(field))) return "persons";
  const companies = new Set(mapColumns(headers, "companies", explicit).values());
  if (companies.has("company_name")) return "companies";
  return null;
}

/** True when the row can be the header: at least two recognized columns, or every `--map` header. */
export function isHeaderRow(cells: readonly string[], explicit: Map<string, string>, entity: CsvEntity | null): boolean {
  const keys = new Set(cells.map(headerKey));
  const explicitHeaders = [...explicit.keys()];
  if (explicitHeaders.length > 0 && explicitHeaders.every((key) => keys.has(key))) return true;
  const entities: CsvEntity[] = entity ? [entity] : [...CSV_ENTITIES];
  return entities.some((candidate) => mapColumns(cells, candidate, explicit).size >= 2);
}
