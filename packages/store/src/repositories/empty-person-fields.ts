/**
 * @module
 * What a contact card may add to a person it matches: the fields the person has no value in, never one a user typed
 * or an earlier import set. Pure: the repository's `fillEmptyFields` and an import's dry run apply the same rule.
 */
import type { Person, PersonPatch } from "../records.js";
import { distinctTags } from "./tag-key.js";

/** What a contact offers a matched person (blank text and an empty list offer nothing). */
export interface PersonFieldOffer {
  first_name?: string | null;
  last_name?: string | null;
  job_title?: string | null;
  /** The contact's company, found or created by the caller. */
  primary_company_uuid?: string | null;
  linkedin_url?: string | null;
  twitter_url?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  tags?: readonly string[];
}

/** The parts of a person the rule reads. */
export type PersonFieldHolder = Pick<
  Person,
  "first_name" | "last_name" | "job_title" | "primary_company_uuid" | "linkedin_url" | "twitter_url" | "city" | "state" | "country" | "tags"
> & {
  /** `company_uuid` where known: a past tenure's company is one the person left (not theirs again from a card). */
  affiliations: ReadonlyArray<{ is_current: boolean; company_uuid?: string }>;
  /** Where known, the export that set the company and title (`PersonJobSource`), null for none. */
  job_source?: string | null;
};

const SINGLE_FIELDS = ["first_name", "last_name", "linkedin_url", "twitter_url"] as const;
const PLACE_FIELDS = ["city", "state", "country"] as const;

function offered(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/**
 * The patch that fills `person`'s empty fields from `offer`, `{}` when there is none. A person with no current company
 * (no primary company, no current affiliation) takes the offered company and title, unless it is a company they have
 * a past tenure at (they left it); one with a company keeps its title empty, as the offered title may be of another
 * company. A place (city, state, country) is taken whole, and
 * only by a person with none of the three: a city beside another country's name would be wrong. Tags fill an empty list.
 *
 * @example
 * emptyFieldsFilled(person, { job_title: "CTO", city: "Oslo" }); // { job_title: "CTO", city: "Oslo" } for a person with neither
 */
export function emptyFieldsFilled(person: PersonFieldHolder, offer: PersonFieldOffer): PersonPatch {
  const patch: PersonPatch = {};
  for (const field of SINGLE_FIELDS) {
    const value = offered(offer[field]);
    if (value !== null && offered(person[field]) === null) patch[field] = value;
  }
  const hasCompany = person.primary_company_uuid !== null || person.affiliations.some((affiliation) => affiliation.is_current);
  const company = offered(offer.primary_company_uuid);
  // A card naming a company the person is recorded as having left is older news (an address book exported before
  // they moved on): its company and title would make them current there again.
  const left = company !== null && person.affiliations.some((affiliation) => !affiliation.is_current && affiliation.company_uuid === company);
  if (!hasCompany && !left) {
    if (company !== null) patch.primary_company_uuid = company;
    const title = offered(offer.job_title);
    if (title !== null && offered(person.job_title) === null) patch.job_title = title;
  }
  if (PLACE_FIELDS.every((field) => offered(person[field]) === null)) {
    for (const field of PLACE_FIELDS) {
      const value = offered(offer[field]);
      if (value !== null) patch[field] = value;
    }
  }
  const tags = (offer.tags ?? []).map((tag) => tag.trim()).filter(Boolean);
  if (person.tags.length === 0 && tags.length > 0) patch.tags = distinctTags(tags);
  return patch;
}

/**
 * The exports whose rows say what a person's job is now, as the person keeps it up to date: a newer one of the same
 * source moves on a company and title an older one set (`jobFollowingExport`). A LinkedIn connections export only: a
 * CSV or a vCard says neither which system wrote it nor when, so an older file imported after a newer one would take
 * people back to a job they left.
 */
export const PERSON_JOB_SOURCES = ["linkedin_connections"] as const;
/** One of `PERSON_JOB_SOURCES`: the export that set a person's company and title (`persons.job_source`). */
export type PersonJobSource = (typeof PERSON_JOB_SOURCES)[number];

/** The job an export's row gives: its company (found or created by the caller) and title. */
export interface PersonJobOffer {
  primary_company_uuid: string | null;
  job_title: string | null;
}

/**
 * The patch that moves a person's current company and title to those of a newer export of `source`, `{}` when there
 * is nothing to move: the person's job was not set by that source (`heldSource`: a user typed it, another source or
 * nobody set it), the row names no company (a blank may be hidden, not a job left), or company and title are already
 * the row's. A new company is a job change (the tenure at the old one ends); the same company with another title
 * changes the title only, and a row without a title then keeps the person's.
 *
 * @example
 * jobFollowingExport({ primary_company_uuid: "acme", job_title: "Engineer" }, "linkedin_connections", { primary_company_uuid: "acme", job_title: "Lead" }, "linkedin_connections"); // { job_title: "Lead" }
 */
export function jobFollowingExport(
  person: Pick<PersonFieldHolder, "primary_company_uuid" | "job_title">,
  heldSource: string | null | undefined,
  offer: PersonJobOffer,
  source: PersonJobSource,
): PersonPatch {
  const company = offered(offer.primary_company_uuid);
  if (heldSource !== source || company === null) return {};
  const title = offered(offer.job_title);
  if (company !== person.primary_company_uuid) return { primary_company_uuid: company, job_title: title };
  return title !== null && title !== offered(person.job_title) ? { job_title: title } : {};
}
