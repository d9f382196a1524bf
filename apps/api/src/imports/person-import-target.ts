/**
 * @module
 * The seam between imports and person match-or-create: vCard and CSV imports reach persons and
 * companies only through `PersonImportTarget`. `createStorePersonImportTarget` implements it on the
 * store as it is today (match keys: any email address, then the LinkedIn URL; companies by domain,
 * then by the domain of the contact's address, then by name: `lookupCompany`). When the shared match-or-create of `POST /v1/persons/batch` lands, this one file
 * is where imports switch over to it, so that an import and the API always match alike.
 */
import { companyDuplicateNameKey, companyNameKey, ConflictError, fullName, InvalidInputError, type PersonFieldHolder, type PersonFieldOffer, type PagePosition, type Store } from "@rapport/store";
import { MAX_PERSON_EMAIL_ADDRESSES } from "../platform/request/count-limits.js";
import { findPersonMatch } from "../persons/find-person-match.js";
import { emptyCompanyFieldsFilled, type CompanyFieldHolder } from "./empty-company-fields.js";
import type { CompanyReference, ImportedCompany, ImportedPerson } from "./imported-items.js";
import { withoutNameDecorations } from "./name-decorations.js";

export type PersonCandidate = Omit<ImportedPerson, "type">;

export type MatchStatus = "MATCHED" | "CREATED";

export interface CompanyOutcome {
  status: MatchStatus;
  company_uuid: string;
  /** The contact's address's domain, when the company took it (`CompanyReference.email_domain`). */
  domain_given?: string;
  /** Found as the company whose domain the contact's address is at (`CompanyReference.email_domain`), not by its name. */
  by_address_domain?: true;
}

/**
 * `named`: a MATCHED person named only after an address took the contact's name (`persons.nameIfUnnamed`); `filled`:
 * the MATCHED person's empty fields the contact filled (`persons.fillEmptyFields`), `company` then the company they
 * were affiliated with when that is one of them; `addresses_added`: the contact's addresses the MATCHED person was
 * given (`persons.addFreeAddresses`: no other person had them, no erasure remembers them); `job_followed`: the MATCHED
 * person's company and title a newer export of the source that set them moved on (`persons.followExportedJob`),
 * `company` then their new company; `addresses_left_out`: how many
 * of the contact's addresses the person was not given, or not created with, as they would hold more than a person may
 * (`withinAddressLimit`).
 */
export type PersonOutcome =
  | {
      status: MatchStatus;
      person_uuid: string;
      company: CompanyOutcome | null;
      named: boolean;
      filled: readonly string[];
      job_followed: readonly string[];
      addresses_added: readonly string[];
      addresses_left_out: number;
    }
  | { status: "ERROR"; error: string }
  /** Not created: an address or the LinkedIn URL of the contact was erased on a data subject's request. */
  | { status: "ERASED" };

export interface PersonImportTarget {
  /** Read-only: the existing person each candidate matches, or null (the dry run's view). */
  lookup(candidates: readonly PersonCandidate[]): Promise<Array<string | null>>;
  /** Read-only: whether an erasure remembers one of the candidate's addresses or its LinkedIn URL. */
  isErased(candidate: PersonCandidate): Promise<boolean>;
  /**
   * Match-or-create, in input order. A MATCHED person keeps every value they have, but one named only after an address
   * takes the contact's name, their empty fields take the contact's (the company, found or created, only when they
   * have none), and they are given the contact's other addresses that no person holds; a CREATED person is affiliated
   * with its company (found or created). Either holds at most the addresses a person may (`withinAddressLimit`). Runs
   * inside the caller's transaction.
   */
  matchOrCreate(candidates: readonly PersonCandidate[]): Promise<PersonOutcome[]>;
  /** Read-only: the candidate's addresses a matched person would be given, as far as the store tells (the dry run's view). */
  freeAddresses(candidate: PersonCandidate): Promise<string[]>;
  /** Read-only: whether matching `personUuid` with the candidate would name them (the dry run's view). */
  wouldName(personUuid: string, candidate: PersonCandidate): Promise<boolean>;
  /**
   * Read-only: the fields of an existing person that a contact may fill, the source of their job, and their addresses,
   * or null (the dry run's view).
   */
  personFields(personUuid: string): Promise<(PersonFieldHolder & { emails: readonly unknown[] }) | null>;
  /** Read-only: the existing company for a reference, or null. */
  lookupCompany(reference: CompanyReference): Promise<string | null>;
  /** Read-only: the existing company a reference finds by the domain of the contact's address (`lookupCompany`'s second way), or null. */
  companyOfAddressDomain(reference: CompanyReference): Promise<string | null>;
  /**
   * Read-only: whether the company a reference names (found by name, or created) would take the domain of the
   * contact's address, as far as the store tells (the dry run's view; it adds what its own run would have created).
   */
  wouldGiveEmailDomain(reference: CompanyReference): Promise<boolean>;
  /**
   * The company for a reference, created (with `fields`) when none matches. A reference's `email_domain` is given to
   * the company, created or found by name, when it has no domain and no other company of the tenant holds that one.
   */
  findOrCreateCompany(reference: CompanyReference, fields?: ImportedCompany["fields"]): Promise<CompanyOutcome>;
  /** Read-only: the fields of an existing company that a row may fill, or null (the dry run's view). */
  companyFields(companyUuid: string): Promise<CompanyFieldHolder | null>;
  /** Fills the company's empty fields from a company row or card (`emptyCompanyFieldsFilled`); the fields written. */
  fillCompany(companyUuid: string, row: Pick<ImportedCompany, "domain" | "fields">): Promise<string[]>;
}

const SAME_NAME_PAGE = 500;

/**
 * True when two names are one person's as written: case (every letter's, as Unicode folds it: "İNCE" is "İnce", "GROSS"
 * "Groß"), Unicode composition and compatibility forms, spacing and punctuation aside ("O'Brien" is "OBrien", "Jean-Luc"
 * "Jean Luc"; accents count): the key a company's name is found by, applied to a person's; what a profile adds to a name aside too (LinkedIn's "Jane Doe, MBA" or
 * "Lee Park (He/Him)" is a phone's "Jane Doe", "Lee Park": `withoutNameDecorations`).
 */
function samePersonName(left: string, right: string): boolean {
  const key = (name: string) => companyNameKey(withoutNameDecorations(name).replace(/\s+/g, " "));
  return key(left) === key(right);
}

/**
 * Of the free addresses offered a person who holds `held`, those they may be given and how many are left out: a person
 * holds at most the MAX_PERSON_EMAIL_ADDRESSES a `PUT /v1/persons/{uuid}` takes, so that one read can be written back.
 */
export function withinAddressLimit(free: readonly string[], held: number): { given: string[]; left_out: number } {
  const given = free.slice(0, Math.max(0, MAX_PERSON_EMAIL_ADDRESSES - held));
  return { given, left_out: free.length - given.length };
}

/** True when a candidate carries a key it can be matched on. */
export function hasMatchKey(candidate: PersonCandidate): boolean {
  return candidate.emails.length > 0 || candidate.linkedin_url !== null;
}

/** The name a contact gives: its full name, else its first and last name joined as a person's are (`fullName`), else none. */
export function contactNameOf(candidate: PersonCandidate): string | null {
  return candidate.name?.trim() || fullName(candidate.first_name, candidate.last_name) || null;
}

/** A contact's LinkedIn match key as the URL a person stores. */
function linkedinUrlOf(candidate: PersonCandidate): string | null {
  return candidate.linkedin_url ? `https://www.${candidate.linkedin_url}` : null;
}

/** What a contact offers the empty fields of a person it matches, `companyUuid` being its company's (found or created). */
export function fieldOfferOf(candidate: PersonCandidate, companyUuid: string | null): PersonFieldOffer {
  return {
    first_name: candidate.first_name,
    last_name: candidate.last_name,
    job_title: candidate.job_title,
    primary_company_uuid: companyUuid,
    linkedin_url: linkedinUrlOf(candidate),
    twitter_url: candidate.twitter_url,
    city: candidate.city,
    state: candidate.state,
    country: candidate.country,
    tags: candidate.tags,
  };
}

/** True when a person has a company: a primary one or a current affiliation (a contact's company then is not theirs to fill). */
export function hasCompany(person: PersonFieldHolder): boolean {
  return person.primary_company_uuid !== null || person.affiliations.some((affiliation) => affiliation.is_current);
}

/** True when `companyUuid` is the person's company: their primary one or that of a current affiliation. */
export function isCompanyOf(person: PersonFieldHolder, companyUuid: string): boolean {
  return person.primary_company_uuid === companyUuid || person.affiliations.some((affiliation) => affiliation.is_current && affiliation.company_uuid === companyUuid);
}

/**
 * The target on the store alone. `store` may be a transaction's store: every write then commits
 * or rolls back with the caller's batch.
 *
 * @example
 * await store.transaction((transaction) => createStorePersonImportTarget(transaction, tenantUuid).matchOrCreate(candidates));
 */
export function createStorePersonImportTarget(store: Store, tenantUuid: string): PersonImportTarget {
  async function lookupOne(candidate: PersonCandidate): Promise<string | null> {
    const match = await findPersonMatch(store, tenantUuid, {
      emails: candidate.emails,
      linkedin_url: linkedinUrlOf(candidate),
    });
    return match?.uuid ?? (await sameNameAtCompany(candidate));
  }

  /**
   * The one person with the contact's name at the contact's company (a current affiliation) whom its keys could not
   * find, as they are known by the other key only: a LinkedIn connection without an address, a phone's card without
   * a profile. Null when there is none, or more than one. Without it the same person from LinkedIn and from a phone
   * was two persons.
   */
  async function sameNameAtCompany(candidate: PersonCandidate): Promise<string | null> {
    const name = contactNameOf(candidate);
    const companyUuid = name && candidate.company ? await lookupCompany(candidate.company) : null;
    if (!name || !companyUuid) return null;
    const found = new Set<string>();
    let position: PagePosition = { kind: "offset", offset: 0 };
    for (;;) {
      const page = await store.persons.list(tenantUuid, { filters: { company_uuid: companyUuid }, sort_by: "created_at", order: "asc", position, limit: SAME_NAME_PAGE });
      for (const person of page.rows) {
        const otherKeyOnly = (candidate.emails.length === 0 || person.emails.length === 0) && (candidate.linkedin_url === null || person.linkedin_url === null);
        if (otherKeyOnly && samePersonName(person.name, name)) found.add(person.uuid);
      }
      if (found.size > 1) return null;
      if (!page.hasMore || !page.lastKey) break;
      position = { kind: "after", key: page.lastKey };
    }
    return [...found][0] ?? null;
  }

  /**
   * The company whose domain the contact's address is at (`email_domain`: never free mail), when its name is the one the
   * contact gives but for legal forms, case and punctuation (`companyDuplicateNameKey`: "Northwind Robotics, Inc." at
   * northwind.example is "Northwind Robotics"). A name that differs otherwise ("Northwind Labs") may be another firm at
   * that domain (a subsidiary, a client's project), so it is not found this way.
   */
  async function companyOfAddressDomain(reference: CompanyReference): Promise<string | null> {
    if (reference.domain || !reference.email_domain || !reference.name) return null;
    const company = await store.matchKeys.companyByDomain(tenantUuid, reference.email_domain);
    return company && companyDuplicateNameKey(company.company_name) === companyDuplicateNameKey(reference.name) ? company.uuid : null;
  }

  /**
   * The existing company for a reference and how it was found: by the domain it gives, else by its address's domain
   * (`companyOfAddressDomain`: a company's own domain is stronger evidence than a name with a legal form, which would
   * have found a namesake or none), else by its name.
   */
  async function resolveCompany(reference: CompanyReference): Promise<{ uuid: string; byAddressDomain: boolean } | null> {
    if (reference.domain) {
      const byDomain = await store.matchKeys.companyByDomain(tenantUuid, reference.domain);
      if (byDomain) return { uuid: byDomain.uuid, byAddressDomain: false };
    }
    const byAddress = await companyOfAddressDomain(reference);
    if (byAddress) return { uuid: byAddress, byAddressDomain: true };
    if (reference.name) {
      const byName = await store.matchKeys.companyByName(tenantUuid, reference.name);
      if (byName) return { uuid: byName.uuid, byAddressDomain: false };
    }
    return null;
  }

  async function lookupCompany(reference: CompanyReference): Promise<string | null> {
    return (await resolveCompany(reference))?.uuid ?? null;
  }

  /** The reference's address domain when no company of the tenant holds it (nor gives it by its domain), else null. */
  async function freeEmailDomainOf(reference: CompanyReference): Promise<string | null> {
    const domain = reference.domain ? null : (reference.email_domain ?? null);
    return domain && !(await store.matchKeys.companyByDomain(tenantUuid, domain)) ? domain : null;
  }

  async function wouldGiveEmailDomain(reference: CompanyReference): Promise<boolean> {
    if (!(await freeEmailDomainOf(reference))) return false;
    const existing = await lookupCompany(reference);
    return !existing || !(await store.companies.get(tenantUuid, existing))?.domain;
  }

  async function findOrCreateCompany(reference: CompanyReference, fields: ImportedCompany["fields"] = {}): Promise<CompanyOutcome> {
    const found = await resolveCompany(reference);
    const existing = found?.uuid;
    const emailDomain = await freeEmailDomainOf(reference);
    if (found?.byAddressDomain) return { status: "MATCHED", company_uuid: found.uuid, by_address_domain: true };
    if (existing) {
      if (!emailDomain || (await store.companies.get(tenantUuid, existing))?.domain) return { status: "MATCHED", company_uuid: existing };
      await store.companies.update(tenantUuid, existing, { domain: emailDomain });
      return { status: "MATCHED", company_uuid: existing, domain_given: emailDomain };
    }
    const name = reference.name ?? reference.domain;
    if (!name) throw new InvalidInputError("a company needs a name or a domain");
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: name, domain: reference.domain ?? emailDomain, ...fields });
    return { status: "CREATED", company_uuid: company.uuid, ...(emailDomain ? { domain_given: emailDomain } : {}) };
  }

  /**
   * The contact's company when it is the person's own and took the domain of the contact's address, else null: a
   * company a LinkedIn export created (no addresses in it) got no domain from the person's card or row later, and the
   * next contact at that domain under another spelling of the name made a second company.
   */
  async function domainForOwnCompany(person: PersonFieldHolder, reference: CompanyReference): Promise<CompanyOutcome | null> {
    const existing = await lookupCompany(reference);
    if (!existing || !isCompanyOf(person, existing)) return null;
    const outcome = await findOrCreateCompany(reference);
    return outcome.domain_given ? outcome : null;
  }

  /**
   * The company and title of a newer export of the source that set the person's (`persons.followExportedJob`): the
   * fields moved, and the company when it is a new one. Nothing for a contact of another source, or a job it did not set.
   */
  async function followJob(personUuid: string, candidate: PersonCandidate): Promise<{ fields: string[]; company: CompanyOutcome | null }> {
    const source = candidate.job_source;
    if (!source || !candidate.company || (await store.persons.jobSource(tenantUuid, personUuid)) !== source) return { fields: [], company: null };
    const company = await findOrCreateCompany(candidate.company);
    const fields = (await store.persons.followExportedJob(tenantUuid, personUuid, source, { primary_company_uuid: company.company_uuid, job_title: candidate.job_title })) ?? [];
    return { fields, company: fields.includes("primary_company_uuid") ? company : null };
  }

  /**
   * A match named (if named only after an address), its job moved on by a newer export of the source that set it, and
   * filled from the contact; its company resolved only when it has none.
   */
  async function fillMatched(personUuid: string, candidate: PersonCandidate): Promise<PersonOutcome> {
    const named = await store.persons.nameIfUnnamed(tenantUuid, personUuid, contactNameOf(candidate));
    const followed = await followJob(personUuid, candidate);
    const person = await store.persons.get(tenantUuid, personUuid);
    const company = person && candidate.company && !hasCompany(person) ? await findOrCreateCompany(candidate.company) : null;
    const jobSource = candidate.job_source ? { jobSource: candidate.job_source } : {};
    const filled = (await store.persons.fillEmptyFields(tenantUuid, personUuid, fieldOfferOf(candidate, company?.company_uuid ?? null), jobSource)) ?? [];
    // The card's other addresses are the person's too: without them, later mail from one made a second person.
    const free = await store.persons.freeAddresses(tenantUuid, candidate.emails);
    const { given, left_out } = withinAddressLimit(free, person?.emails.length ?? 0);
    const added = given.length > 0 ? ((await store.persons.addFreeAddresses(tenantUuid, personUuid, given)) ?? []) : [];
    const own = person && candidate.company && hasCompany(person) ? await domainForOwnCompany(person, candidate.company) : null;
    return {
      status: "MATCHED",
      person_uuid: personUuid,
      company: filled.includes("primary_company_uuid") ? company : (followed.company ?? own),
      named,
      filled,
      job_followed: followed.fields,
      addresses_added: added,
      addresses_left_out: left_out,
    };
  }

  /** The contact is the erased person again when any of its addresses or its profile is theirs: none of it is stored. */
  async function isErased(candidate: PersonCandidate): Promise<boolean> {
    if ((await store.persons.erasedAddresses(tenantUuid, candidate.emails)).size > 0) return true;
    return candidate.linkedin_url !== null && (await store.persons.erasedLinkedinUrls(tenantUuid, [`https://www.${candidate.linkedin_url}`])).size > 0;
  }

  return {
    isErased,
    async lookup(candidates) {
      const results: Array<string | null> = [];
      for (const candidate of candidates) results.push(hasMatchKey(candidate) ? await lookupOne(candidate) : null);
      return results;
    },
    async matchOrCreate(candidates) {
      const outcomes: PersonOutcome[] = [];
      for (const candidate of candidates) {
        if (!hasMatchKey(candidate)) {
          outcomes.push({ status: "ERROR", error: "no email address or LinkedIn URL to match on" });
          continue;
        }
        const existing = await lookupOne(candidate);
        if (existing) {
          outcomes.push(await fillMatched(existing, candidate));
          continue;
        }
        // Before its company: a company created for a person that is not must not stay.
        if (await isErased(candidate)) {
          outcomes.push({ status: "ERASED" });
          continue;
        }
        let company: CompanyOutcome | null = null;
        try {
          company = candidate.company ? await findOrCreateCompany(candidate.company) : null;
          const { given: emails, left_out } = withinAddressLimit(candidate.emails, 0);
          const person = await store.persons.create({
            tenant_uuid: tenantUuid,
            first_name: candidate.first_name,
            last_name: candidate.last_name,
            name: candidate.name,
            emails,
            linkedin_url: linkedinUrlOf(candidate),
            job_title: candidate.job_title,
            primary_company_uuid: company?.company_uuid ?? null,
            twitter_url: candidate.twitter_url,
            city: candidate.city,
            state: candidate.state,
            country: candidate.country,
            tags: candidate.tags,
          }, candidate.job_source ? { jobSource: candidate.job_source } : {});
          outcomes.push({ status: "CREATED", person_uuid: person.uuid, company, named: false, filled: [], job_followed: [], addresses_added: [], addresses_left_out: left_out });
        } catch (error) {
          // A company created for this person must not outlive it: fail the item's transaction instead.
          if (!(error instanceof ConflictError || error instanceof InvalidInputError) || company?.status === "CREATED") throw error;
          outcomes.push({ status: "ERROR", error: error.message });
        }
      }
      return outcomes;
    },
    freeAddresses: (candidate) => store.persons.freeAddresses(tenantUuid, candidate.emails),
    wouldName: (personUuid, candidate) => store.persons.canNameIfUnnamed(tenantUuid, personUuid, contactNameOf(candidate)),
    async personFields(personUuid) {
      const person = await store.persons.get(tenantUuid, personUuid);
      return person ? { ...person, job_source: await store.persons.jobSource(tenantUuid, personUuid) } : null;
    },
    lookupCompany,
    companyOfAddressDomain,
    wouldGiveEmailDomain,
    findOrCreateCompany,
    companyFields: (companyUuid) => store.companies.get(tenantUuid, companyUuid),
    async fillCompany(companyUuid, row) {
      const company = await store.companies.get(tenantUuid, companyUuid);
      const patch = company ? emptyCompanyFieldsFilled(company, row) : {};
      const fields = Object.keys(patch);
      if (fields.length > 0) await store.companies.update(tenantUuid, companyUuid, patch);
      return fields;
    },
  };
}
