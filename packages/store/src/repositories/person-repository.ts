/** Persons: their emails, affiliations, match keys for imports, and partial updates. */
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database, PersonsTable } from "../database-schema.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import { erasePerson } from "../erasure/erase-person.js";
import { allowErasedIdentifier, assertNotErased, erasedAddressesAmong, erasedLinkedinUrlsAmong } from "../erasure/erased-identifiers.js";
import type { TenantGraphs } from "../graph/tenant-graphs.js";
import { exportPersonalData, exportPersonalDataInPages } from "../personal-data/export-personal-data.js";
import { emailDomain, isPlausibleEmail, normalizeEmail, normalizeLinkedinUrl } from "../normalize.js";
import { keysetPage, type SortKey } from "../pagination/keyset-page.js";
import type { Affiliation, NewPerson, Person, PersonDisplayCard, PersonDisplayRecord, PersonEmail, PersonPatch } from "../records.js";
import type { ConditionalWriteOptions, PersonRepository } from "../store.js";
import {
  assertCompaniesExist,
  assertPastTenuresEnded,
  assertPrimaryCompanyCurrent,
  ensurePrimaryAffiliation,
  insertAffiliations,
  isoDate,
  loadAffiliations,
} from "./affiliation-rows.js";
import { currentCompaniesOf, followCompanyChangeOfPerson } from "./opportunity-activity.js";
import { readRemembered } from "./remembered-records.js";
import { personNameFilter } from "./person-name-filter.js";
import { FoldedPersonNames } from "./folded-person-names.js";
import { fuzzyNameScores, type FuzzyNameStep } from "./person-fuzzy-names.js";
import type { ScoredName } from "./closest-names.js";
import { closestFirstKey, closestFirstPage, readFuzzyCursor, walkOf, withFuzzyWalk, type FuzzyWalk } from "./fuzzy-walk.js";
import { amongRanked, rankIn } from "./fuzzy-rank.js";
import { assertPersonIdentified, isPersonIdentified, PERSON_IDENTITY_RULE } from "./person-identity.js";
import { assertRequiredFields } from "./required-fields.js";
import { parseJson, toFlag, withTransaction, type RepositoryContext } from "./repository-context.js";
import { addFreeAddresses, freeAddressesAmong } from "./further-addresses.js";
import { tenantOnly } from "./tenant-filter.js";
import { sameColumns, sameEntries, undoneIfUnchanged } from "./unchanged-write.js";
import { placeConditions } from "./place-conditions.js";
import { and } from "./sql-logic.js";
import { isNameFromAddress, nameFromOffers, namedFromAddress } from "./names-from-addresses.js";
import { emptyFieldsFilled, jobFollowingExport, type PersonJobSource } from "./empty-person-fields.js";
import { fullName } from "./full-name.js";
import { nameSortKey } from "./name-sort-key.js";
import { mendKeys } from "./mend-keys.js";
import { nameOrderKeys } from "./name-order-keys.js";

/** The name given, else first and last name joined (`fullName`), else the first address; `fromAddress` when none was given. */
function displayName(input: Pick<NewPerson, "name" | "first_name" | "last_name">, emails: readonly string[]): { name: string; fromAddress: boolean } {
  const explicit = input.name?.trim();
  if (explicit) return { name: explicit, fromAddress: false };
  const joined = fullName(input.first_name, input.last_name);
  if (joined) return { name: joined, fromAddress: false };
  return { name: emails[0]?.trim() || "", fromAddress: true };
}

/** The columns a display record shows; every person query that names someone selects them. */
const DISPLAY_COLUMNS = ["uuid", "name", "job_title", "primary_company_uuid", "linkedin_url", "twitter_url", "facebook_url", "logo_url", "tags"] as const;
type DisplayColumns = Pick<PersonsTable, (typeof DISPLAY_COLUMNS)[number]>;

function displayFields(row: DisplayColumns) {
  return {
    uuid: row.uuid,
    name: row.name,
    job_title: row.job_title,
    primary_company_uuid: row.primary_company_uuid,
    linkedin_url: row.linkedin_url,
    twitter_url: row.twitter_url,
    facebook_url: row.facebook_url,
    logo_url: row.logo_url,
    tags: parseJson<string[]>(row.tags, []),
  };
}

function toPerson(row: PersonsTable, emails: PersonEmail[], affiliations: Affiliation[]): Person {
  return {
    ...displayFields(row),
    tenant_uuid: row.tenant_uuid,
    first_name: row.first_name,
    last_name: row.last_name,
    city: row.city,
    state: row.state,
    country: row.country,
    is_internal: row.is_internal === 1,
    emails,
    affiliations,
    created_at: Number(row.created_at),
    service_updated_at: Number(row.service_updated_at),
  };
}

/** Loads the emails of many persons in one query, primary first, then by age. */
export async function loadPersonEmails(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: readonly string[],
): Promise<Map<string, PersonEmail[]>> {
  const byPerson = new Map<string, PersonEmail[]>();
  if (personUuids.length === 0) return byPerson;
  const rows = await db
    .selectFrom("person_emails")
    .select(["person_uuid", "address", "is_primary", "created_at"])
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("person_uuid", "in", [...new Set(personUuids)])
    .orderBy("is_primary", "desc")
    .orderBy("created_at")
    .orderBy("address")
    .execute();
  for (const row of rows) {
    const list = byPerson.get(row.person_uuid) ?? [];
    list.push({ address: row.address, is_primary: row.is_primary === 1, created_at: Number(row.created_at) });
    byPerson.set(row.person_uuid, list);
  }
  return byPerson;
}

/** Hydrates person rows with their emails and affiliations (two queries for any number of rows). */
export async function hydratePersons(db: Kysely<Database>, tenantUuid: string, rows: readonly PersonsTable[]): Promise<Person[]> {
  const uuids = rows.map((row) => row.uuid);
  const [emails, affiliations] = await Promise.all([
    loadPersonEmails(db, tenantUuid, uuids),
    loadAffiliations(db, tenantUuid, uuids),
  ]);
  return rows.map((row) => toPerson(row, emails.get(row.uuid) ?? [], affiliations.get(row.uuid) ?? []));
}

interface EmailInput {
  address: string;
  is_primary: boolean;
}

/** Normalized, de-duplicated addresses with exactly one primary (the flagged one, else the first). */
function normalizeEmailInputs(emails: ReadonlyArray<string | { address: string; is_primary?: boolean }>): EmailInput[] {
  const seen = new Map<string, EmailInput>();
  for (const email of emails) {
    const address = normalizeEmail(typeof email === "string" ? email : email.address);
    if (!address) continue;
    const isPrimary = typeof email !== "string" && email.is_primary === true;
    const known = seen.get(address);
    if (known) known.is_primary ||= isPrimary;
    else seen.set(address, { address, is_primary: isPrimary });
  }
  const list = [...seen.values()];
  const primary = list.find((email) => email.is_primary) ?? list[0];
  return list.map((email) => ({ address: email.address, is_primary: email === primary }));
}

/** Throws ConflictError when an address already belongs to a person other than `personUuid`. */
async function assertEmailsFree(db: Kysely<Database>, tenantUuid: string, addresses: readonly string[], personUuid: string | null) {
  if (addresses.length === 0) return;
  let query = db
    .selectFrom("person_emails")
    .select(["address", "person_uuid"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("address", "in", [...addresses]);
  if (personUuid) query = query.where("person_uuid", "!=", personUuid);
  const taken = await query.executeTakeFirst();
  if (taken) throw new ConflictError(`email ${taken.address} already belongs to person ${taken.person_uuid}`);
}

async function insertEmails(db: Kysely<Database>, tenantUuid: string, personUuid: string, emails: readonly EmailInput[], timestamp: number) {
  if (emails.length === 0) return;
  await db
    .insertInto("person_emails")
    .values(
      emails.map((email) => ({
        tenant_uuid: tenantUuid,
        person_uuid: personUuid,
        address: email.address,
        domain: emailDomain(email.address),
        is_primary: toFlag(email.is_primary),
        created_at: timestamp,
      })),
    )
    .execute();
}

const linkedinKey = (url: string | null | undefined) => (url ? normalizeLinkedinUrl(url) : null);

/**
 * Inserts a person with emails and affiliations; the primary company gets a current affiliation.
 * Throws ConflictError on a taken email, InvalidInputError for an unknown company.
 */
/**
 * Creates a person in the caller's transaction (or its own). `options.nameFromAddress` marks the name as derived from
 * an address although one was given (ingest's display name `bob` for `bob@x.example`); by default it is derived only
 * when none was given. An address or LinkedIn URL an erasure remembers is a ConflictError, unless the caller has
 * settled that already (`options.erasureChecked`: ingest looks them up once for a whole batch and leaves them out; a
 * new user account may take one).
 */
export async function insertPerson(
  context: RepositoryContext,
  input: NewPerson,
  options: { nameFromAddress?: boolean; erasureChecked?: boolean; jobSource?: PersonJobSource } = {},
): Promise<Person> {
  const { now, generateId } = context;
  const emails = normalizeEmailInputs(input.emails ?? []);
  const uuid = generateId();
  const named = displayName(input, emails.map((email) => email.address));
  const created = await withTransaction(context.db, async (transaction) => {
    // Read under the write lock, so stamps follow commit order and `modified_since` pollers miss none.
    const timestamp = now(input.tenant_uuid);
    const row: PersonsTable = {
      uuid,
      tenant_uuid: input.tenant_uuid,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      name: named.name,
      name_sort_key: nameSortKey(named.name),
      job_title: input.job_title ?? null,
      primary_company_uuid: input.primary_company_uuid ?? null,
      linkedin_url: input.linkedin_url ?? null,
      linkedin_key: linkedinKey(input.linkedin_url),
      twitter_url: input.twitter_url ?? null,
      facebook_url: input.facebook_url ?? null,
      logo_url: input.logo_url ?? null,
      city: input.city ?? null,
      state: input.state ?? null,
      country: input.country ?? null,
      tags: JSON.stringify(input.tags ?? []),
      is_internal: toFlag(input.is_internal ?? false),
      created_at: timestamp,
      service_updated_at: timestamp,
      deleted_at: null,
      merged_into_uuid: null,
      name_from_address: toFlag(options.nameFromAddress ?? named.fromAddress),
      job_source: options.jobSource && (input.primary_company_uuid || input.job_title) ? options.jobSource : null,
    };
    const inner = { ...context, db: transaction };
    const affiliations = input.affiliations ?? [];
    assertPrimaryCompanyCurrent(row.primary_company_uuid, affiliations);
    assertPastTenuresEnded(affiliations, timestamp);
    await assertCompaniesExist(transaction, input.tenant_uuid, [
      ...(row.primary_company_uuid ? [row.primary_company_uuid] : []),
      ...affiliations.map((affiliation) => affiliation.company_uuid),
    ]);
    await assertEmailsFree(
      transaction,
      input.tenant_uuid,
      emails.map((email) => email.address),
      null,
    );
    if (!options.erasureChecked) await assertNotErased(transaction, input.tenant_uuid, emails.map((email) => email.address), input.linkedin_url);
    await transaction.insertInto("persons").values(row).execute();
    await insertEmails(transaction, input.tenant_uuid, row.uuid, emails, timestamp);
    await insertAffiliations(inner, input.tenant_uuid, row.uuid, affiliations, timestamp);
    if (row.primary_company_uuid) {
      await ensurePrimaryAffiliation(inner, input.tenant_uuid, row.uuid, row.primary_company_uuid, row.job_title, timestamp);
    }
    const [person] = await hydratePersons(transaction, input.tenant_uuid, [row]);
    return person!;
  });
  emitAffiliations(context, created);
  return created;
}

/** Tells the tenant graph which companies the person is currently at. */
function emitAffiliations(context: RepositoryContext, person: Person): void {
  const companyUuids = person.affiliations.filter((affiliation) => affiliation.is_current).map((affiliation) => affiliation.company_uuid);
  context.emit(person.tenant_uuid, { type: "set-person-affiliations", personUuid: person.uuid, companyUuids });
}

const SCALAR_PATCH_FIELDS = [
  "first_name",
  "last_name",
  "job_title",
  "primary_company_uuid",
  "linkedin_url",
  "twitter_url",
  "facebook_url",
  "logo_url",
  "city",
  "state",
  "country",
] as const;

/** The person's primary address, as a list of none or one. */
async function primaryAddressOf(db: Kysely<Database>, tenantUuid: string, personUuid: string): Promise<string[]> {
  const row = await db
    .selectFrom("person_emails")
    .select("address")
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .orderBy("is_primary", "desc")
    .orderBy("created_at")
    .executeTakeFirst();
  return row ? [row.address] : [];
}

/** The addresses the person holds. */
async function addressesOf(db: Kysely<Database>, tenantUuid: string, personUuid: string): Promise<string[]> {
  const rows = await db.selectFrom("person_emails").select("address").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid).execute();
  return rows.map((row) => row.address);
}

/**
 * How a write came: `keepName`, new first or last names leave a display name the person has as it is (filling empty
 * fields must not rename); `jobSource`, the export that gives the company and title the write sets (none: a user's or
 * an integrator's write, which no export moves on later).
 */
interface PersonWriteOptions extends ConditionalWriteOptions<Person> {
  keepName?: boolean;
  jobSource?: PersonJobSource;
}

/**
 * Applies a partial update; null when the person is not a live person of the tenant (`options`: `PersonWriteOptions`). A patch whose stored
 * result equals the stored person is undone (`undoneIfUnchanged`): the person as it was, no stamp or graph change.
 */
async function updatePerson(
  context: RepositoryContext,
  tenantUuid: string,
  personUuid: string,
  patch: PersonPatch,
  options: PersonWriteOptions = {},
): Promise<Person | null> {
  const updated = await withTransaction(context.db, async (transaction) => {
    const inner = { ...context, db: transaction };
    const current = await transaction
      .selectFrom("persons")
      .selectAll()
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", personUuid)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!current) return null;
    const [before] = await hydratePersons(transaction, tenantUuid, [current]);
    options.precondition?.(before!);
    const kept = await undoneIfUnchanged(
      transaction,
      () => writePatch(inner, current, patch, options),
      (after) => samePerson(current, before!, after),
    );
    await mendKeys(transaction, "persons", kept.changed ? kept.result.row : current, [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }]);
    if (!kept.changed) return { person: before!, changed: false };
    return { person: kept.result.person, changed: true };
  });
  if (updated?.changed) emitAffiliations(context, updated.person);
  return updated?.person ?? null;
}

/** The row and the record a person write stored. */
interface StoredPerson {
  row: PersonsTable;
  person: Person;
}

/**
 * The same person as stored: every column but the change stamp and the name's key (a key alone apart, a row edited by
 * hand, is no change a client sees: `mendKeys`), the same addresses and tenures in any order.
 */
function samePerson(row: PersonsTable, person: Person, after: StoredPerson): boolean {
  return (
    sameColumns(row, after.row, ["service_updated_at", "name_sort_key"]) &&
    sameEntries(person.emails, after.person.emails, (email) => `${email.address} ${email.is_primary}`) &&
    sameEntries(person.affiliations, after.person.affiliations, (affiliation) =>
      JSON.stringify([affiliation.company_uuid, affiliation.title, affiliation.is_current, affiliation.started_on, affiliation.ended_on]),
    )
  );
}

/** Writes `patch` over the person's `current` row in `context`'s transaction (see `updatePerson`). */
async function writePatch(context: RepositoryContext, current: PersonsTable, patch: PersonPatch, options: PersonWriteOptions): Promise<StoredPerson> {
  const transaction = context.db;
  const tenantUuid = current.tenant_uuid;
  const personUuid = current.uuid;
  const timestamp = context.now(tenantUuid);
  const changes: Partial<PersonsTable> = { service_updated_at: timestamp };
  for (const field of SCALAR_PATCH_FIELDS) {
    if (patch[field] !== undefined) changes[field] = patch[field];
  }
  if (patch.linkedin_url !== undefined) changes.linkedin_key = linkedinKey(patch.linkedin_url);
  if (patch.tags !== undefined) changes.tags = JSON.stringify(patch.tags);
  // A title is the job's: a job change naming no new title leaves the person untitled. Kept, the old company's
  // title described the new one ("CEO at Globex") and titled the new tenure there.
  const changesJob =
    patch.affiliations === undefined &&
    patch.primary_company_uuid !== undefined &&
    current.primary_company_uuid !== null &&
    patch.primary_company_uuid !== current.primary_company_uuid;
  if (changesJob && patch.job_title === undefined) changes.job_title = null;
  // Whoever changes the job owns it: an export moves on only the jobs it set (`jobFollowingExport`).
  const job = { ...current, ...changes };
  if (job.primary_company_uuid !== current.primary_company_uuid || job.job_title !== current.job_title) changes.job_source = options.jobSource ?? null;

  const next = { ...current, ...changes };
  let emails: EmailInput[] | null = null;
  if (patch.emails !== undefined) emails = normalizeEmailInputs(patch.emails);
  const keepsName = options.keepName === true && current.name !== "";
  if (!keepsName && (patch.name !== undefined || patch.first_name !== undefined || patch.last_name !== undefined)) {
    // `name: null` clears the name: the person is then named as a create names them, by their first and last name
    // or else their (primary) address, and unnamed when neither is left.
    const addresses = emails?.map((email) => email.address) ?? (patch.name === null ? await primaryAddressOf(transaction, tenantUuid, personUuid) : []);
    const derived = displayName({ name: patch.name, first_name: next.first_name, last_name: next.last_name }, addresses);
    if (derived.name || patch.name === null) {
      changes.name = derived.name;
      changes.name_sort_key = nameSortKey(derived.name);
      changes.name_from_address = toFlag(derived.fromAddress);
    }
  }

  const companyUuids = [
    ...(patch.primary_company_uuid ? [patch.primary_company_uuid] : []),
    ...(patch.affiliations ?? []).map((affiliation) => affiliation.company_uuid),
  ];
  await assertCompaniesExist(transaction, tenantUuid, companyUuids);
  if (patch.affiliations !== undefined) {
    assertPrimaryCompanyCurrent(next.primary_company_uuid, patch.affiliations);
    assertPastTenuresEnded(patch.affiliations, timestamp);
  }
  // A profile the person holds is kept, as their addresses are: the erasure of another person of it (two may hold one;
  // store migration 0063 left such pairs on their keys of before, for an operator to merge) must not take it from them.
  if (patch.linkedin_url && linkedinKey(patch.linkedin_url) !== linkedinKey(current.linkedin_url)) await assertNotErased(transaction, tenantUuid, [], patch.linkedin_url);
  if (emails) {
    await assertEmailsFree(
      transaction,
      tenantUuid,
      emails.map((email) => email.address),
      personUuid,
    );
    // An address the person holds is kept, not stored again: the erasure of a person who held another spelling of it
    // remembers it (store migration 0083 left such pairs for an operator to merge), and must not take it from this one.
    const held = new Set(await addressesOf(transaction, tenantUuid, personUuid));
    await assertNotErased(
      transaction,
      tenantUuid,
      emails.map((email) => email.address).filter((address) => !held.has(address)),
      null,
    );
    await transaction.deleteFrom("person_emails").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid).execute();
    await insertEmails(transaction, tenantUuid, personUuid, emails, timestamp);
  }

  await transaction.updateTable("persons").set(changes).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", personUuid).execute();
  // A user's own person counts for no company's activity (`currentCompaniesOf`): their moves change no date.
  const movesActivity = current.is_internal === 0 && (patch.affiliations !== undefined || patch.primary_company_uuid !== undefined);
  const companiesBefore = movesActivity ? await currentCompaniesOf(transaction, tenantUuid, [personUuid]) : [];

  const affiliationsOf = () =>
    transaction.updateTable("affiliations").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid);
  if (patch.affiliations !== undefined) {
    await transaction.deleteFrom("affiliations").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", personUuid).execute();
    await insertAffiliations(context, tenantUuid, personUuid, patch.affiliations, timestamp);
  } else {
    const previousPrimary = current.primary_company_uuid;
    if (patch.primary_company_uuid !== undefined && previousPrimary && patch.primary_company_uuid !== previousPrimary) {
      // A new primary company is a job change: the tenure at the previous one ends today.
      await affiliationsOf()
        .set({ is_current: 0, ended_on: isoDate(timestamp), updated_at: timestamp })
        .where("company_uuid", "=", previousPrimary)
        .where("is_current", "=", 1)
        .execute();
    } else if (patch.job_title !== undefined && next.primary_company_uuid) {
      await affiliationsOf()
        .set({ title: next.job_title, updated_at: timestamp })
        .where("company_uuid", "=", next.primary_company_uuid)
        .where("is_current", "=", 1)
        .execute();
    }
  }
  if (next.primary_company_uuid) {
    await ensurePrimaryAffiliation(context, tenantUuid, personUuid, next.primary_company_uuid, next.job_title, timestamp);
  }
  const row = await transaction.selectFrom("persons").selectAll().where("uuid", "=", personUuid).executeTakeFirstOrThrow();
  const [person] = await hydratePersons(transaction, tenantUuid, [row]);
  const touchesIdentity = (["name", "first_name", "last_name", "emails", "linkedin_url"] as const).some((field) => patch[field] !== undefined);
  if (touchesIdentity && !isPersonIdentified(person!)) {
    throw new InvalidInputError(`${PERSON_IDENTITY_RULE}: this update would leave the person with none`);
  }
  if (movesActivity) {
    const companiesAfter = person!.affiliations.filter((affiliation) => affiliation.is_current).map((affiliation) => affiliation.company_uuid);
    await followCompanyChangeOfPerson(transaction, tenantUuid, personUuid, { before: companiesBefore, after: companiesAfter }, timestamp);
  }
  return { row, person: person! };
}

/** The live person's row, as a list of one or none. */
function livePersonRow(db: Kysely<Database>, tenantUuid: string, personUuid: string) {
  return db.selectFrom("persons").selectAll().where("tenant_uuid", "=", tenantUuid).where("uuid", "=", personUuid).where("deleted_at", "is", null).execute();
}

/** `name` offered to the person (a map of one), or nothing when it is blank or says no more than their addresses. */
async function nameOfferFor(db: Kysely<Database>, tenantUuid: string, personUuid: string, name: string | null | undefined): Promise<Map<string, string>> {
  const offered = name?.trim() ?? "";
  const addresses = await db
    .selectFrom("person_emails")
    .select("address")
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .execute();
  return isNameFromAddress(offered, addresses.map((row) => row.address)) ? new Map() : new Map([[personUuid, offered]]);
}

export function createPersonRepository(context: RepositoryContext, graphs: TenantGraphs): PersonRepository {
  const { db } = context;
  const livePersons = (tenantUuid: string) =>
    db.selectFrom("persons").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);

  /** The persons currently affiliated with a company, read from the index of its current affiliations alone. */
  const currentMembersOf = (tenantUuid: string, companyUuid: string) =>
    db
      .selectFrom("affiliations")
      .select("affiliations.person_uuid")
      .where("affiliations.tenant_uuid", "=", tenantUuid)
      .where("affiliations.company_uuid", "=", companyUuid)
      .where("affiliations.is_current", "=", 1);

  const loadPersons = async (tenantUuid: string, uuids: readonly string[]): Promise<Map<string, Person>> => {
    const rows = await db
      .selectFrom("persons")
      .selectAll()
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("deleted_at", "is", null)
      .where("uuid", "in", uuids)
      .execute();
    return new Map((await hydratePersons(db, tenantUuid, rows)).map((person) => [person.uuid, person]));
  };

  const loadCards = async (tenantUuid: string, uuids: readonly string[]): Promise<Map<string, PersonDisplayCard>> => {
    const rows = await db
      .selectFrom("persons")
      .leftJoin("companies", (join) =>
        join
          .onRef("companies.uuid", "=", "persons.primary_company_uuid")
          .onRef("companies.tenant_uuid", "=", "persons.tenant_uuid")
          .on("companies.deleted_at", "is", null),
      )
      .select(DISPLAY_COLUMNS.map((column) => `persons.${column}` as const))
      .select(["companies.uuid as company_uuid", "companies.company_name", "companies.logo_url as company_logo_url"])
      .where(tenantOnly("persons.tenant_uuid"), "=", tenantUuid)
      .where("persons.deleted_at", "is", null)
      .where("persons.uuid", "in", uuids)
      .execute();
    const cards = new Map<string, PersonDisplayCard>();
    for (const row of rows) {
      cards.set(row.uuid, {
        ...displayFields(row),
        primary_company:
          row.company_uuid === null || row.company_name === null
            ? null
            : { uuid: row.company_uuid, company_name: row.company_name, logo_url: row.company_logo_url },
      });
    }
    return cards;
  };
  const loadDisplays = async (tenantUuid: string, uuids: readonly string[]): Promise<Map<string, PersonDisplayRecord>> => {
    const cards = await loadCards(tenantUuid, uuids);
    const emails = await loadPersonEmails(db, tenantUuid, [...cards.keys()]);
    const displays = new Map<string, PersonDisplayRecord>();
    for (const [uuid, card] of cards) displays.set(uuid, { ...card, emails: emails.get(uuid) ?? [] });
    return displays;
  };

  /** Remembered until the tenant's persons generation moves (migration 0009); not inside a transaction. */
  const rememberedPersons = (tenantUuid: string) => (context.remembered && !db.isTransaction ? context.remembered.persons.valuesOf(tenantUuid) : null);
  const rememberedDisplays = (tenantUuid: string) =>
    context.remembered && !db.isTransaction ? context.remembered.personDisplays.valuesOf(tenantUuid) : null;
  const rememberedCards = (tenantUuid: string) =>
    context.remembered && !db.isTransaction ? context.remembered.personDisplayCards.valuesOf(tenantUuid) : null;
  /** The persons merged into each person, remembered until the tenant's persons generation moves, as the records. */
  const rememberedMerges = (tenantUuid: string) =>
    context.remembered && !db.isTransaction ? context.remembered.mergedPersons.valuesOf(tenantUuid) : null;
  /** The persons merged into each of `uuids` that had any, in uuid order. */
  const loadMergedPersonUuids = async (tenantUuid: string, uuids: readonly string[]): Promise<Map<string, string[]>> => {
    const merged = new Map<string, string[]>();
    const rows = await db
      .selectFrom("persons")
      .select(["uuid", "merged_into_uuid"])
      .where("merged_into_uuid", "in", uuids)
      .where("tenant_uuid", "=", tenantUuid)
      .orderBy("uuid")
      .execute();
    for (const row of rows) {
      const list = merged.get(row.merged_into_uuid!) ?? [];
      list.push(row.uuid);
      merged.set(row.merged_into_uuid!, list);
    }
    return merged;
  };
  /** A list's total, remembered like the records: every page of a sync would count the tenant's persons again. */
  const rememberedListTotals = (tenantUuid: string) =>
    context.remembered && !db.isTransaction ? context.remembered.personListTotals.valuesOf(tenantUuid) : null;
  /** The persons of the tenant having `address` (normalized), from the addresses' key. */
  const addressOwners = (tenantUuid: string, address: string) =>
    db.selectFrom("person_emails").select("person_emails.person_uuid").where("person_emails.tenant_uuid", "=", tenantUuid).where("person_emails.address", "=", address);
  /** Every live person's name, folded for the fuzzy retry: remembered like the records, read and folded once until a person changes. */
  const everyNameFolded = async (tenantUuid: string): Promise<FoldedPersonNames> => {
    // Taken before the read: a write meanwhile moves the generation, and what this read stores is then never seen.
    const remembered = context.remembered && !db.isTransaction ? context.remembered.foldedPersonNames.valuesOf(tenantUuid) : null;
    const kept = remembered?.get(tenantUuid);
    if (kept) return kept;
    const names = new FoldedPersonNames(await livePersons(tenantUuid).clearSelect().select(["persons.uuid", "persons.name"]).execute());
    remembered?.set(tenantUuid, names);
    return names;
  };

  return {
    erase: (tenantUuid, personUuid, options = {}) => erasePerson(context, tenantUuid, personUuid, options),
    erasedAddresses: (tenantUuid, addresses) => erasedAddressesAmong(db, tenantUuid, addresses),
    erasedLinkedinUrls: (tenantUuid, urls) => erasedLinkedinUrlsAmong(db, tenantUuid, urls),
    allowErased: (tenantUuid, identifier) => withTransaction(db, (transaction) => allowErasedIdentifier(transaction, tenantUuid, identifier)),
    exportPersonalData: (tenantUuid, personUuid) => exportPersonalData(context, graphs, tenantUuid, personUuid),
    exportPersonalDataInPages: (tenantUuid, personUuid) => exportPersonalDataInPages(context, graphs, tenantUuid, personUuid),
    create: async (input, options = {}) => {
      assertRequiredFields(input, ["tenant_uuid"], "persons.create");
      assertPersonIdentified(input, "persons.create");
      return insertPerson(context, input, { jobSource: options.jobSource });
    },
    update: (tenantUuid, personUuid, patch, options = {}) => updatePerson(context, tenantUuid, personUuid, patch, { precondition: options.precondition }),
    async nameIfUnnamed(tenantUuid, personUuid, name) {
      return withTransaction(db, async (transaction) => {
        const offered = await nameOfferFor(transaction, tenantUuid, personUuid, name);
        return offered.size > 0 && (await nameFromOffers(transaction, tenantUuid, offered, context.now(tenantUuid))).length > 0;
      });
    },
    async fillEmptyFields(tenantUuid, personUuid, offer, options = {}) {
      return withTransaction(db, async (transaction) => {
        const [current] = await hydratePersons(transaction, tenantUuid, await livePersonRow(transaction, tenantUuid, personUuid));
        if (!current) return null;
        const patch = emptyFieldsFilled(current, offer);
        // A fill never fails: an erased person's profile offered by a contact is left out, as an import leaves them out.
        if (patch.linkedin_url && (await erasedLinkedinUrlsAmong(transaction, tenantUuid, [patch.linkedin_url])).size > 0) delete patch.linkedin_url;
        const fields = Object.keys(patch) as Array<keyof PersonPatch>;
        // The export owns the job it filled only when company and title are both its own (not a title a user typed).
        const jobSource = options.jobSource && patch.primary_company_uuid && (patch.job_title ?? current.job_title ?? null) === (offer.job_title?.trim() || null) ? options.jobSource : undefined;
        if (fields.length > 0) await updatePerson({ ...context, db: transaction }, tenantUuid, personUuid, patch, { keepName: true, jobSource });
        return fields;
      });
    },
    async followExportedJob(tenantUuid, personUuid, source, offer) {
      return withTransaction(db, async (transaction) => {
        const current = await transaction
          .selectFrom("persons")
          .select(["primary_company_uuid", "job_title", "job_source"])
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", personUuid)
          .where("deleted_at", "is", null)
          .executeTakeFirst();
        if (!current) return null;
        const patch = jobFollowingExport(current, current.job_source, offer, source);
        const fields = Object.keys(patch) as Array<keyof PersonPatch>;
        if (fields.length > 0) await updatePerson({ ...context, db: transaction }, tenantUuid, personUuid, patch, { keepName: true, jobSource: source });
        return fields;
      });
    },
    async jobSource(tenantUuid, personUuid) {
      const row = await db.selectFrom("persons").select("job_source").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", personUuid).where("deleted_at", "is", null).executeTakeFirst();
      return (row?.job_source as PersonJobSource | null | undefined) ?? null;
    },
    addFreeAddresses: (tenantUuid, personUuid, addresses) => addFreeAddresses(context, tenantUuid, personUuid, addresses),
    freeAddresses: (tenantUuid, addresses) => freeAddressesAmong(db, tenantUuid, addresses),
    async canNameIfUnnamed(tenantUuid, personUuid, name) {
      const offered = await nameOfferFor(db, tenantUuid, personUuid, name);
      return offered.size > 0 && (await namedFromAddress(db, tenantUuid, [...offered.keys()])).length > 0;
    },
    async get(tenantUuid, personUuid) {
      const persons = await readRemembered(rememberedPersons(tenantUuid), [personUuid], (uuids) => loadPersons(tenantUuid, uuids));
      return persons.get(personUuid) ?? null;
    },
    async getMany(tenantUuid, personUuids) {
      return readRemembered(rememberedPersons(tenantUuid), personUuids, (uuids) => loadPersons(tenantUuid, uuids));
    },
    async displays(tenantUuid, personUuids) {
      return readRemembered(rememberedDisplays(tenantUuid), personUuids, (uuids) => loadDisplays(tenantUuid, uuids));
    },
    async displayCards(tenantUuid, personUuids) {
      // A remembered display record is a card with emails: those are not read again.
      const displays = rememberedDisplays(tenantUuid);
      const cards = new Map<string, PersonDisplayCard>();
      const missing: string[] = [];
      for (const uuid of personUuids) {
        const display = displays?.get(uuid);
        if (display) cards.set(uuid, display);
        else missing.push(uuid);
      }
      for (const [uuid, card] of await readRemembered(rememberedCards(tenantUuid), missing, (uuids) => loadCards(tenantUuid, uuids))) cards.set(uuid, card);
      return cards;
    },
    async list(tenantUuid, request) {
      const { uuids, modified_since, name, company_uuid, city, country_spellings, state_spellings, state_codes } = request.filters;
      const byName = name === undefined ? undefined : await personNameFilter(db, tenantUuid, name);
      // Named persons (listed by uuid, found by the name index, or a company's current members) are sought by key,
      // the tenant condition unindexed: under statistics like scale L's, hundreds of uuids walked every person of the
      // tenant in the sort's index, and a name's page after a cursor walked the sort's index from the cursor to the end.
      const place = placeConditions("persons", { city, country_spellings, state_spellings, state_codes });
      const filtered = (byKey: boolean) => {
        let query = byKey
          ? db.selectFrom("persons").selectAll().where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("deleted_at", "is", null)
          : livePersons(tenantUuid);
        if (uuids) query = uuids.length > 0 ? query.where("uuid", "in", uuids) : query.where(sql<boolean>`1 = 0`);
        if (modified_since !== undefined) query = query.where("service_updated_at", ">=", modified_since);
        if (company_uuid !== undefined) query = query.where("persons.uuid", "in", currentMembersOf(tenantUuid, company_uuid));
        if (place.length > 0) query = query.where(and(place));
        return query;
      };
      let query = filtered(uuids !== undefined || byName?.indexed === true || company_uuid !== undefined);
      let ranked: ScoredName[] | null = null;
      let walk: FuzzyWalk | null = null;
      let byAddress = false;
      // A cursor keeps to its scan: an exact one to the exact matches (none left: the scan ends), a fuzzy walk's to its retry.
      const cursor = byName ? readFuzzyCursor(request, request.sort_by === "name" ? 3 : 2, "persons.list") : ({ kind: "none" } as const);
      const positioned = cursor.kind === "fuzzy" ? cursor.request : request;
      if (byName && name !== undefined) {
        let retry = cursor.kind === "fuzzy";
        if (!retry) {
          const exact = query.where(byName.condition);
          if (await exact.clearSelect().select("persons.uuid").limit(1).executeTakeFirst()) query = exact;
          else if (isPlausibleEmail(normalizeEmail(name))) {
            // An address given as the name (an agent's guess): its owner, as the lookup finds them; no fuzzy retry.
            byAddress = true;
            query = filtered(true).where("persons.uuid", "in", addressOwners(tenantUuid, normalizeEmail(name)));
          } else if (cursor.kind === "exact") query = exact;
          else retry = true;
        }
        if (retry) {
          // Nobody's name holds every word: the names closest to a misspelling, as the opportunity search retries.
          const narrowed = uuids !== undefined || modified_since !== undefined || company_uuid !== undefined || place.length > 0;
          const named = narrowed ? await filtered(false).clearSelect().select(["persons.uuid", "persons.name"]).execute() : await everyNameFolded(tenantUuid);
          const scored = fuzzyNameScores(named, name, cursor.kind === "fuzzy" ? { step: cursor.walk.step as FuzzyNameStep, upTo: cursor.walk.end } : undefined);
          ranked = scored.matches;
          walk = cursor.kind === "fuzzy" ? cursor.walk : walkOf(scored.step, ranked);
          query = filtered(true).where(amongRanked("persons.uuid", ranked.map((match) => match.uuid)));
        }
      }
      if (ranked !== null && request.sort_by === undefined) {
        // Closest first: the score is the sort value, `order` ignored (as the opportunity search's retry).
        const { matches, position } = closestFirstPage(ranked, positioned);
        const uuidsInOrder = matches.map((match) => match.uuid);
        const byRank = db
          .selectFrom(filtered(true).where(amongRanked("persons.uuid", uuidsInOrder)).select(rankIn("persons.uuid", uuidsInOrder).as("fuzzy_rank")).as("person_list"))
          .selectAll();
        const keys: SortKey[] = [
          { column: "person_list.fuzzy_rank", direction: "asc" },
          { column: "person_list.uuid", direction: "asc" },
        ];
        const page = await keysetPage(byRank, keys, { ...positioned, position }, { countTotal: positioned.position.kind === "offset", rememberedTotals: rememberedListTotals(tenantUuid) });
        const rows = page.rows.map(({ fuzzy_rank: _rank, ...row }) => row as PersonsTable);
        const lastKey = closestFirstKey(rows, new Map(ranked.map((match) => [match.uuid, match.score])));
        return { ...withFuzzyWalk({ ...page, lastKey }, walk), rows: await hydratePersons(db, tenantUuid, rows), nameMatch: "fuzzy" as const };
      }
      const sortBy = request.sort_by ?? "service_updated_at";
      const keys: SortKey[] =
        sortBy === "name"
          ? nameOrderKeys("persons", request.order, positioned.position)
          : [
              { column: `persons.${sortBy}`, direction: request.order },
              { column: "persons.uuid", direction: request.order },
            ];
      const page = await keysetPage(query, keys, positioned, { rememberedTotals: rememberedListTotals(tenantUuid) });
      const nameMatch = ranked !== null ? ("fuzzy" as const) : byAddress ? ("email" as const) : byName ? ("exact" as const) : undefined;
      return { ...(ranked !== null ? withFuzzyWalk(page, walk) : page), rows: await hydratePersons(db, tenantUuid, page.rows), ...(nameMatch && { nameMatch }) };
    },
    async findByEmails(tenantUuid, addresses) {
      const found = new Map<string, string>();
      const normalized = [...new Set(addresses.map(normalizeEmail).filter(Boolean))];
      if (normalized.length === 0) return found;
      const rows = await db
        .selectFrom("person_emails")
        .innerJoin("persons", "persons.uuid", "person_emails.person_uuid")
        .select(["person_emails.address", "persons.uuid"])
        .where("person_emails.tenant_uuid", "=", tenantUuid)
        .where("person_emails.address", "in", normalized)
        .where("persons.deleted_at", "is", null)
        .execute();
      for (const row of rows) found.set(row.address, row.uuid);
      return found;
    },
    async findByLinkedinUrls(tenantUuid, urls) {
      const found = new Map<string, string[]>();
      const keys = [...new Set(urls.map((url) => normalizeLinkedinUrl(url)).filter((key): key is string => key !== null))];
      if (keys.length === 0) return found;
      // From the keys into (tenant_uuid, linkedin_key): under statistics like scale L's, `linkedin_key in (...)` of
      // hundreds (an import's rows) walked every person of the tenant in created_at order instead.
      // A person merged away keeps their profile's key and names the live person they were merged into (a merge moves
      // earlier merges' `merged_into_uuid` along), so the profile finds that person as their moved addresses do.
      const { rows } = await sql<{ uuid: string; linkedin_key: string }>`select coalesce(c.uuid, p.uuid) as uuid, p.linkedin_key
        from json_each(${JSON.stringify(keys)}) as wanted
        cross join persons p on p.tenant_uuid = ${tenantUuid} and p.linkedin_key = wanted.value
        left join persons c on p.deleted_at is not null and c.uuid = p.merged_into_uuid and c.tenant_uuid = p.tenant_uuid and c.deleted_at is null
        where p.deleted_at is null or c.uuid is not null
        order by p.created_at, p.uuid`.execute(db);
      for (const row of rows) {
        const list = found.get(row.linkedin_key!) ?? [];
        if (!list.includes(row.uuid)) list.push(row.uuid);
        found.set(row.linkedin_key!, list);
      }
      return found;
    },
    async mergedPersonUuids(tenantUuid, personUuids) {
      // Remembered: every answer naming a person reads this, and building the query cost a server's GET of one person
      // more than the rest of its reads.
      const found = await readRemembered(rememberedMerges(tenantUuid), personUuids, (uuids) => loadMergedPersonUuids(tenantUuid, uuids));
      const merged = new Map<string, string[]>();
      for (const [uuid, list] of found) merged.set(uuid, [...list]);
      return merged;
    },
    async findByDomain(tenantUuid, domain, limit) {
      // The persons the domain names, found from its own indexes (an address at it; a current tenure at a company
      // that has it now, or had it: migration 0066), then each person by key: testing every live person of the tenant
      // against the domain read all 200,000 at benchmark scale L, for every criterion of a batch. CROSS JOIN keeps
      // that order under any statistics.
      const candidates = sql`select person_uuid from person_emails where tenant_uuid = ${tenantUuid} and domain = ${domain}
        union
        select a.person_uuid from companies c
          cross join affiliations a on a.tenant_uuid = c.tenant_uuid and a.company_uuid = c.uuid and a.is_current = 1
          where c.tenant_uuid = ${tenantUuid} and c.domain = ${domain} and c.deleted_at is null
        union
        select a.person_uuid from company_former_domains f
          cross join companies c on c.uuid = f.company_uuid and c.deleted_at is null
          cross join affiliations a on a.tenant_uuid = f.tenant_uuid and a.company_uuid = f.company_uuid and a.is_current = 1
          where f.tenant_uuid = ${tenantUuid} and f.domain = ${domain}`;
      const matching = sql`with named(person_uuid) as (${candidates})
        select p.uuid, p.name, p.name_sort_key from named cross join persons p on p.uuid = named.person_uuid
        where p.tenant_uuid = ${tenantUuid} and p.deleted_at is null`;
      // The lists' name order (migration 0064): the first `limit` matches are those a reader paging A–Z sees first.
      const rows = await sql<{ uuid: string }>`${matching} order by p.name_sort_key, p.name, p.uuid limit ${limit}`.execute(db);
      const counted = await sql<{ total: number }>`select count(*) as total from (${matching})`.execute(db);
      return { uuids: rows.rows.map((row) => row.uuid), total: Number(counted.rows[0]?.total ?? 0) };
    },
  };
}
