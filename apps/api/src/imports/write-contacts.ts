/** vCard and CSV persons through the PersonImportTarget (match-or-create), and CSV and vCard companies (find-or-create). */
import { companyDuplicateNameKey, companyNameKey, emptyFieldsFilled, isNameFromAddress, jobFollowingExport, normalizeEmail, type PersonFieldHolder } from "@rapport/store";
import { countSkip, type BatchContext, type PositionedItem } from "./batch-context.js";
import type { CompanyReference, ImportedCompany, ImportedPerson } from "./imported-items.js";
import { emptyCompanyFieldsFilled, type CompanyFieldHolder } from "./empty-company-fields.js";
import { contactNameOf, fieldOfferOf, hasCompany, hasMatchKey, isCompanyOf, withinAddressLimit, type PersonCandidate } from "./person-import-target.js";
import { ERASED_ADDRESS_SKIP } from "./erased-participants.js";
import type { RunState } from "./run-state.js";

export const NO_MATCH_KEY = "no email address or LinkedIn URL to match on";

function personKeys(candidate: PersonCandidate): string[] {
  return [...candidate.emails.map((address) => `email:${address}`), ...(candidate.linkedin_url ? [`linkedin:${candidate.linkedin_url}`] : [])];
}

/** The keys a company is found by: its domain, then its name (its `companyNameKey`, as the target looks it up). */
function companyKeys(reference: CompanyReference): string[] {
  const name = reference.name ? companyNameKey(reference.name) : undefined;
  return [...(reference.domain ? [`domain:${reference.domain}`] : []), ...(name ? [`name:${name}`] : [])];
}

/**
 * Dry run: whether a contact matching a person the run would create names them, as `persons.nameIfUnnamed` would
 * once created (their name derived from an address, the contact's saying more); if so, remembers them named.
 */
function namesWouldCreatePerson(state: RunState, keys: readonly string[], candidate: PersonCandidate): boolean {
  const created = keys.map((key) => state.createdPersons.get(key)).find((person) => person !== undefined);
  if (!created?.nameFromAddress || isNameFromAddress(contactNameOf(candidate), created.addresses)) return false;
  const named = { ...created, nameFromAddress: false };
  for (const key of created.keys) state.createdPersons.set(key, named);
  return true;
}

/** Dry run: a uuid standing for a contact's company, which the real run finds or creates. */
const CONTACT_COMPANY = "00000000-0000-4000-8000-000000000000";

/** Dry run: the fields a person the run would create from `candidate` would have, as a later contact finds them. */
function fieldsOfCreated(candidate: PersonCandidate): PersonFieldHolder {
  const holder: PersonFieldHolder = {
    first_name: null, last_name: null, job_title: null, primary_company_uuid: null, linkedin_url: null, twitter_url: null,
    city: null, state: null, country: null, tags: [], affiliations: [],
  };
  return withFilled(holder, emptyFieldsFilled(holder, fieldOfferOf(candidate, candidate.company ? CONTACT_COMPANY : null)));
}

/** `holder` with a patch of `emptyFieldsFilled` applied. */
function withFilled(holder: PersonFieldHolder, patch: ReturnType<typeof emptyFieldsFilled>): PersonFieldHolder {
  const next = { ...holder, ...patch } as PersonFieldHolder;
  return patch.primary_company_uuid ? { ...next, affiliations: [...holder.affiliations, { is_current: true }] } : next;
}

/**
 * Dry run: the fields a contact would fill on a person (`holder`, as this run left them), remembering them filled; the
 * fields' names. `remember` keeps the filled holder where the next contact matching the person will look.
 * `companyUuid`: the stored company the contact's names, when found (a company the person left is not filled).
 */
function wouldFill(
  holder: PersonFieldHolder,
  candidate: PersonCandidate,
  remember: (filled: PersonFieldHolder) => void,
  companyUuid: string | null = CONTACT_COMPANY,
): string[] {
  const patch = emptyFieldsFilled(holder, fieldOfferOf(candidate, candidate.company && !hasCompany(holder) ? companyUuid : null));
  const fields = Object.keys(patch);
  if (fields.length > 0) remember(withFilled(holder, patch));
  return fields;
}

/**
 * The run's key of a company with `name` and `domain`, as a contact whose address is at that domain finds it under the
 * name with another legal form (`companyOfAddressDomain`); null without either.
 */
function addressDomainKey(name: string | null, domain: string | null | undefined): string | null {
  return name && domain ? `at:${domain}:${companyDuplicateNameKey(name)}` : null;
}

/**
 * Counts a person's company once per run. `domainGiven`: the domain of the contact's address the company took, which
 * finds it from then on (a later company row or contact naming that domain matches it, counted already).
 */
function countCompany(context: BatchContext, reference: CompanyReference, status: "MATCHED" | "CREATED", domainGiven?: string, byAddressDomain = false): void {
  // Found by its address's domain, the company is not the one its name finds: only that key is its.
  const keys = byAddressDomain ? [addressDomainKey(reference.name, reference.email_domain)!] : companyKeys(reference);
  if (domainGiven) context.state.companyKeys.add(`domain:${domainGiven}`);
  if (reference.domain || domainGiven) for (const key of companyKeys({ name: reference.name, domain: null })) context.state.companyKeys.add(`has-domain:${key}`);
  const atDomain = status === "CREATED" || domainGiven ? addressDomainKey(reference.name, reference.domain ?? domainGiven) : null;
  if (atDomain) context.state.companyKeys.add(atDomain);
  if (keys.some((key) => context.state.companyKeys.has(key))) return;
  for (const key of keys) context.state.companyKeys.add(key);
  if (status === "CREATED") context.counts.companies.created += 1;
  else context.counts.companies.matched += 1;
}

/**
 * Dry run: a person's company, counted once per run, with the domain of the contact's address when the real run would
 * give it: none of the run's companies took it, the store's give it to none, and the company named has no domain (in
 * the store, or as the run would have created it).
 */
async function countDryRunCompany(context: BatchContext, reference: CompanyReference): Promise<void> {
  const { state, target } = context;
  const atKey = addressDomainKey(reference.name, reference.domain ? null : reference.email_domain);
  // Found by its address's domain: a company of the store, or one the run created or gave that domain.
  const byAddressDomain = atKey !== null && (state.companyKeys.has(atKey) || (await target.companyOfAddressDomain(reference)) !== null);
  const status = byAddressDomain || (await target.lookupCompany(reference)) ? "MATCHED" : "CREATED";
  countCompany(context, reference, status, byAddressDomain ? undefined : await dryRunDomainGiven(context, reference), byAddressDomain);
}

/** Dry run: the domain of the contact's address the real run would give the company named, or undefined. */
async function dryRunDomainGiven(context: BatchContext, reference: CompanyReference): Promise<string | undefined> {
  const { state, target } = context;
  const emailDomain = reference.domain ? null : (reference.email_domain ?? null);
  const nameKeys = companyKeys({ name: reference.name, domain: null });
  const taken = !emailDomain || state.companyKeys.has(`domain:${emailDomain}`) || nameKeys.some((key) => state.companyKeys.has(`has-domain:${key}`));
  return !taken && (await target.wouldGiveEmailDomain(reference)) ? emailDomain! : undefined;
}

/**
 * Dry run: whether the contact's company is the matched person's own and would take the domain of the contact's
 * address (`domainForOwnCompany`); if so, counted.
 */
async function wouldGiveOwnCompanyDomain(context: BatchContext, holder: PersonFieldHolder, reference: CompanyReference): Promise<boolean> {
  const own = await context.target.lookupCompany(reference);
  const given = own && isCompanyOf(holder, own) ? await dryRunDomainGiven(context, reference) : undefined;
  if (given) countCompany(context, reference, "MATCHED", given);
  return given !== undefined;
}

/** Dry run: the stored person a contact's address finds because an earlier contact of the run would give it to them. */
function givenTo(state: RunState, candidate: PersonCandidate): string | null {
  return candidate.emails.map((address) => state.givenAddresses.get(address)).find((uuid) => uuid !== undefined) ?? null;
}

/**
 * Dry run: how many of the contact's addresses the person it matched would be given (`persons.addFreeAddresses`): free
 * in the store, no person of the run has them, and the person would hold no more than a person may
 * (`withinAddressLimit`); and how many are left out for that. Those given are remembered as that person's, so a later
 * contact with one finds them.
 */
async function wouldGiveAddresses(
  context: BatchContext,
  candidate: PersonCandidate,
  match: string | null,
  keys: readonly string[],
): Promise<{ added: number; left_out: number }> {
  const { state, target } = context;
  const free = (await target.freeAddresses(candidate)).filter((address) => !state.personKeys.has(`email:${address}`));
  if (free.length === 0) return { added: 0, left_out: 0 };
  const created = match ? undefined : keys.map((key) => state.createdPersons.get(key)).find((person) => person !== undefined);
  const held = match ? (state.addressCounts.get(match) ?? (await target.personFields(match))?.emails.length ?? 0) : (created?.addresses.length ?? 0);
  const { given, left_out } = withinAddressLimit(free, held);
  const addressKeys = given.map((address) => `email:${address}`);
  if (match) {
    state.addressCounts.set(match, held + given.length);
    for (const address of given) state.givenAddresses.set(address, match);
  } else if (created) {
    const grown = { ...created, keys: [...created.keys, ...addressKeys], addresses: [...created.addresses, ...given] };
    for (const key of grown.keys) state.createdPersons.set(key, grown);
  }
  for (const key of addressKeys) state.personKeys.add(key);
  return { added: given.length, left_out };
}

export async function writePersons(context: BatchContext, entries: ReadonlyArray<PositionedItem<ImportedPerson>>): Promise<void> {
  const { dryRun, state, counts, target } = context;
  const keyed = entries.filter(({ item }) => hasMatchKey(item));
  for (const { item } of entries) {
    if (!hasMatchKey(item)) {
      counts.persons.skipped += 1;
      countSkip(context, NO_MATCH_KEY);
    }
  }
  if (dryRun) {
    const found = await target.lookup(keyed.map(({ item }) => item));
    for (const [index, { item }] of keyed.entries()) {
      const keys = personKeys(item);
      const match = found[index] ?? givenTo(state, item);
      if (match || keys.some((key) => state.personKeys.has(key))) {
        counts.persons.matched += 1;
        // A match named only after an address takes the first contact's name: a change, as the real run counts it.
        let changed: boolean;
        if (match && !state.personKeys.has(`named:${match}`) && (await target.wouldName(match, item))) {
          state.personKeys.add(`named:${match}`);
          changed = true;
        } else {
          changed = !match && namesWouldCreatePerson(state, keys, item);
        }
        // Its job follows a newer export of the source that set it, then its empty fields take the contact's, as
        // earlier contacts of the run left them.
        let filled: string[] = [];
        let jobFollowed: string[] = [];
        let domainGiven = false;
        if (match) {
          let holder = state.filledPersons.get(match) ?? (await target.personFields(match));
          if (holder && item.job_source && item.company) {
            const companyUuid = (await target.lookupCompany(item.company)) ?? CONTACT_COMPANY;
            const patch = jobFollowingExport(holder, holder.job_source, { primary_company_uuid: companyUuid, job_title: item.job_title }, item.job_source);
            jobFollowed = Object.keys(patch);
            if (jobFollowed.length > 0) {
              holder = { ...holder, ...patch } as PersonFieldHolder;
              state.filledPersons.set(match, holder);
              if (patch.primary_company_uuid) await countDryRunCompany(context, item.company);
            }
          }
          const company = item.company && holder && !hasCompany(holder) ? await target.lookupCompany(item.company) : null;
          if (holder && item.company && hasCompany(holder)) domainGiven = await wouldGiveOwnCompanyDomain(context, holder, item.company);
          if (holder) filled = wouldFill(holder, item, (next) => state.filledPersons.set(match, next), company ?? CONTACT_COMPANY);
        } else {
          const created = keys.map((key) => state.createdPersons.get(key)).find((person) => person !== undefined);
          if (created) {
            filled = wouldFill(created.fields, item, (fields) => {
              for (const key of created.keys) state.createdPersons.set(key, { ...created, fields });
            });
          }
        }
        if (filled.includes("primary_company_uuid") && item.company) await countDryRunCompany(context, item.company);
        const { added, left_out } = await wouldGiveAddresses(context, item, match, keys);
        counts.persons.addresses_added += added;
        counts.persons.addresses_left_out += left_out;
        const personChanged = changed || filled.length > 0 || added > 0 || jobFollowed.length > 0;
        if (personChanged) counts.persons.updated += 1;
        if (jobFollowed.length > 0) counts.persons.jobs_updated += 1;
        if (personChanged || domainGiven) counts.written += 1;
        else counts.unchanged += 1;
        continue;
      }
      if (await target.isErased(item)) {
        counts.persons.skipped += 1;
        countSkip(context, ERASED_ADDRESS_SKIP);
        continue;
      }
      // Created with the addresses a person may hold: one left out finds nobody later.
      const { given: emails, left_out } = withinAddressLimit(item.emails, 0);
      const createdKeys = personKeys({ ...item, emails });
      for (const key of createdKeys) state.personKeys.add(key);
      // As `persons.create` names them: after the contact's name, else (derived) after its first address.
      const wouldCreate = { keys: createdKeys, addresses: emails.map(normalizeEmail), nameFromAddress: contactNameOf(item) === null, fields: fieldsOfCreated(item) };
      for (const key of createdKeys) state.createdPersons.set(key, wouldCreate);
      counts.persons.created += 1;
      counts.persons.addresses_left_out += left_out;
      counts.written += 1;
      if (item.company) await countDryRunCompany(context, item.company);
    }
    return;
  }
  const outcomes = await target.matchOrCreate(keyed.map(({ item }) => item));
  for (const [index, outcome] of outcomes.entries()) {
    const { item, position } = keyed[index]!;
    if (outcome.status === "ERROR") {
      state.stagedProblems.push({ position, message: outcome.error });
    } else if (outcome.status === "ERASED") {
      counts.persons.skipped += 1;
      countSkip(context, ERASED_ADDRESS_SKIP);
    } else if (outcome.status === "MATCHED") {
      counts.persons.matched += 1;
      counts.persons.addresses_added += outcome.addresses_added.length;
      counts.persons.addresses_left_out += outcome.addresses_left_out;
      const personChanged = outcome.named || outcome.filled.length > 0 || outcome.addresses_added.length > 0 || outcome.job_followed.length > 0;
      if (personChanged) counts.persons.updated += 1;
      if (outcome.job_followed.length > 0) counts.persons.jobs_updated += 1;
      if (personChanged || outcome.company?.domain_given) counts.written += 1;
      else counts.unchanged += 1;
      if (outcome.company?.status === "CREATED") counts.created.companies.push(outcome.company.company_uuid);
      if (item.company && outcome.company) countCompany(context, item.company, outcome.company.status, outcome.company.domain_given, outcome.company.by_address_domain);
    } else {
      counts.persons.created += 1;
      counts.created.persons.push(outcome.person_uuid);
      counts.persons.addresses_left_out += outcome.addresses_left_out;
      counts.written += 1;
      if (outcome.company?.status === "CREATED") counts.created.companies.push(outcome.company.company_uuid);
      if (item.company && outcome.company) countCompany(context, item.company, outcome.company.status, outcome.company.domain_given, outcome.company.by_address_domain);
    }
  }
}

/** Dry run: a company the run finds by one of a row's keys: as written for `companyIds`, or null. */
async function dryRunCompanyByKey(context: BatchContext, key: string, reference: CompanyReference): Promise<string | null> {
  const { state, target } = context;
  // A key the run counted but no row gave: a person's company the run would have created (or found: the store says).
  return state.companyIds.get(key) ?? (await target.lookupCompany(reference)) ?? (state.companyKeys.has(key) ? `run:${key}` : null);
}

/**
 * Dry run: the company a company row finds, as the real run's lookup would (by domain, then by name, the run's
 * companies among the store's), and its fields as the run's earlier rows left them; null when the run would create it.
 */
async function dryRunCompanyOf(context: BatchContext, item: ImportedCompany): Promise<{ id: string; fields: CompanyFieldHolder } | null> {
  const { state, target } = context;
  const name = companyNameKey(item.company_name);
  const id =
    (item.domain ? await dryRunCompanyByKey(context, `domain:${item.domain}`, { name: null, domain: item.domain }) : null) ??
    (name ? await dryRunCompanyByKey(context, `name:${name}`, { name: item.company_name, domain: null }) : null);
  if (id === null) return null;
  const created = { domain: id.startsWith("run:domain:") ? id.slice("run:domain:".length) : null };
  const fields = state.filledCompanies.get(id) ?? (id.startsWith("run:") ? created : ((await target.companyFields(id)) ?? created));
  // A person's contact of the run gave it the domain of their address (`countCompany`).
  const domainGiven = !fields.domain && state.companyKeys.has(`has-domain:name:${name}`);
  return { id, fields: domainGiven ? { ...fields, domain: "given" } : fields };
}

/**
 * Dry run: whether a company row's company would be created, and the fields a matched one would take from it
 * (`emptyCompanyFieldsFilled`), remembered as the run leaves the company for the rows after.
 */
async function wouldWriteCompany(context: BatchContext, item: ImportedCompany, keys: readonly string[]): Promise<{ created: boolean; filled: string[] }> {
  const { state } = context;
  const found = await dryRunCompanyOf(context, item);
  const id = found?.id ?? `run:${keys[0]}`;
  const patch = found ? emptyCompanyFieldsFilled(found.fields, item) : {};
  state.filledCompanies.set(id, found ? { ...found.fields, ...patch } : { ...item.fields, domain: item.domain });
  for (const key of keys) if (state.companyIds.get(key) === undefined) state.companyIds.set(key, id);
  return { created: found === null, filled: Object.keys(patch) };
}

/** Company rows and cards: each found (by domain, then name) and its empty fields filled from the row, or created. */
export async function writeCompanies(context: BatchContext, entries: ReadonlyArray<PositionedItem<ImportedCompany>>): Promise<void> {
  const { dryRun, state, counts, target } = context;
  for (const { item } of entries) {
    const reference = { name: item.company_name, domain: item.domain };
    const keys = companyKeys(reference);
    let created: boolean;
    let filled: string[];
    if (dryRun) {
      ({ created, filled } = await wouldWriteCompany(context, item, keys));
    } else {
      const outcome = await target.findOrCreateCompany(reference, item.fields);
      created = outcome.status === "CREATED";
      if (created) counts.created.companies.push(outcome.company_uuid);
      filled = created ? [] : await target.fillCompany(outcome.company_uuid, item);
    }
    // Counted here, so a person's company among them (a vCard file holds both) is not counted again.
    for (const key of keys) state.companyKeys.add(key);
    if (item.domain && (created || filled.includes("domain"))) {
      for (const key of companyKeys({ name: item.company_name, domain: null })) state.companyKeys.add(`has-domain:${key}`);
      state.companyKeys.add(addressDomainKey(item.company_name, item.domain)!);
    }
    if (created) {
      counts.companies.created += 1;
      counts.written += 1;
    } else {
      counts.companies.matched += 1;
      if (filled.length > 0) counts.written += 1;
      else counts.unchanged += 1;
    }
  }
}
