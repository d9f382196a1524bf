/**
 * @module
 * The likely duplicate persons of a tenant (`personDuplicatePairs`): the full names and LinkedIn keys two live persons
 * share, read from the (tenant, key) indexes, then the evidence of those few persons only.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { DuplicateEvidence } from "../duplicate-records.js";
import { groupedBy, pairsWithin, type KeyedPair } from "./duplicate-pair-order.js";

/** The most persons of one full name the list pairs (see `sharedKeys`). */
export const MOST_NAME_HOLDERS = 10;

interface PersonRow {
  uuid: string;
  name: string;
  name_sort_key: string;
  linkedin_key: string | null;
  created_at: number;
  is_internal: number;
  primary_company_uuid: string | null;
  name_from_address: number;
}

/** The keys of `column` two or more live persons share; only those `restrict`'s persons hold, when given. */
async function sharedKeys(db: Kysely<Database>, tenantUuid: string, column: "name_sort_key" | "linkedin_key", restrict: readonly string[] | undefined): Promise<string[]> {
  let query = db.selectFrom("persons").select(`${column} as key`).where("tenant_uuid", "=", tenantUuid);
  // The LinkedIn keys' index holds merged-away and erased persons too, and answers alone without the live-row test
  // (`personsKeyed` leaves them out); the names' is of live persons only (migration 0064), read only with the test.
  if (column === "name_sort_key") query = query.where("deleted_at", "is", null);
  if (restrict !== undefined) {
    query = query.where(column, "in", db.selectFrom("persons").select(column).where("tenant_uuid", "=", tenantUuid).where("uuid", "in", [...restrict]));
  }
  // A full name has two words at least: one first name in common is no evidence.
  query = column === "name_sort_key" ? query.where("name_sort_key", "like", "% %") : query.where("linkedin_key", "is not", null);
  // A name more than MOST_NAME_HOLDERS persons hold is a common one, no evidence: left out, which also bounds the
  // pairs a read weighs (a group of n holds n(n-1)/2).
  const holders = column === "name_sort_key" ? sql<boolean>`count(*) between 2 and ${MOST_NAME_HOLDERS}` : sql<boolean>`count(*) > 1`;
  const rows = await query.groupBy(column).having(holders).execute();
  return rows.map((row) => row.key as string);
}

async function personsKeyed(db: Kysely<Database>, tenantUuid: string, column: "name_sort_key" | "linkedin_key", keys: readonly string[]): Promise<PersonRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom("persons")
    .select(["uuid", "name", "name_sort_key", "linkedin_key", "created_at", "is_internal", "primary_company_uuid", "name_from_address"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("deleted_at", "is", null)
    .where(column, "in", [...keys])
    .execute();
}

/** Each person's companies, past and present (affiliations and primary company). */
async function companiesOf(db: Kysely<Database>, tenantUuid: string, persons: readonly PersonRow[]): Promise<Map<string, Set<string>>> {
  const companies = new Map(persons.map((person) => [person.uuid, new Set(person.primary_company_uuid ? [person.primary_company_uuid] : [])]));
  if (persons.length === 0) return companies;
  const rows = await db
    .selectFrom("affiliations")
    .select(["person_uuid", "company_uuid"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", persons.map((person) => person.uuid))
    .execute();
  for (const row of rows) companies.get(row.person_uuid)?.add(row.company_uuid);
  return companies;
}

/**
 * Each person's address domains that are a live company's domain: a free-mail domain (gmail.com) is no company's, so
 * two namesakes with Gmail addresses share nothing.
 */
async function companyDomainsOf(db: Kysely<Database>, tenantUuid: string, persons: readonly PersonRow[]): Promise<Map<string, Set<string>>> {
  const domains = new Map(persons.map((person) => [person.uuid, new Set<string>()]));
  if (persons.length === 0) return domains;
  const rows = await db
    .selectFrom("person_emails as address")
    .select(["address.person_uuid", "address.domain"])
    .where("address.tenant_uuid", "=", tenantUuid)
    .where("address.person_uuid", "in", persons.map((person) => person.uuid))
    .where("address.domain", "is not", null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("companies as company")
          .select(sql`1`.as("one"))
          .where("company.tenant_uuid", "=", tenantUuid)
          // `+` drops the address column's text affinity: compared with it, the expression index on the companies'
          // lower(domain) (migration 0040) was not used, and each address walked every company of the tenant
          // (46,000 addresses by 20,000 companies took 4 minutes).
          .where(sql`lower(company.domain)`, "=", sql`+${sql.ref("address.domain")}`)
          .where("company.deleted_at", "is", null),
      ),
    )
    .execute();
  for (const row of rows) domains.get(row.person_uuid)?.add(row.domain!);
  return domains;
}

const firstShared = (left: ReadonlySet<string> | undefined, right: ReadonlySet<string> | undefined): string | null => {
  if (!left || !right) return null;
  const shared = [...left].filter((value) => right.has(value)).sort();
  return shared[0] ?? null;
};

/** A user's own person first (the merge keeps it), else the older, then the lower uuid. */
const canonicalFirst = (left: PersonRow, right: PersonRow) =>
  right.is_internal - left.is_internal || left.created_at - right.created_at || (left.uuid < right.uuid ? -1 : 1);

const side = (person: PersonRow) => ({ uuid: person.uuid, name: person.name, created_at: Number(person.created_at) });

function pairOf(canonical: PersonRow, duplicate: PersonRow, evidence: DuplicateEvidence[], confidence: "likely" | "possible"): KeyedPair {
  return {
    key: [0, canonical.name_sort_key, canonical.uuid, duplicate.uuid],
    pair: { entity_type: "PERSON", canonical: side(canonical), duplicate: side(duplicate), confidence, evidence },
  };
}

/**
 * The tenant's likely duplicate persons, unordered, one entry a pair with every reason found for it; only pairs with one
 * of `restrict` when given. Two users' own persons are never paired: they are never merged.
 */
export async function personDuplicatePairs(db: Kysely<Database>, tenantUuid: string, restrict?: readonly string[]): Promise<KeyedPair[]> {
  const [nameKeys, linkedinKeys] = await Promise.all([sharedKeys(db, tenantUuid, "name_sort_key", restrict), sharedKeys(db, tenantUuid, "linkedin_key", restrict)]);
  const [named, profiled] = await Promise.all([personsKeyed(db, tenantUuid, "name_sort_key", nameKeys), personsKeyed(db, tenantUuid, "linkedin_key", linkedinKeys)]);
  // A name only derived from an address ("bob", "bob@x.example") is no one's full name.
  const typedNames = named.filter((person) => person.name_from_address === 0);
  const [companies, domains] = await Promise.all([companiesOf(db, tenantUuid, typedNames), companyDomainsOf(db, tenantUuid, typedNames)]);
  const only = restrict === undefined ? undefined : new Set(restrict);
  const pairs = new Map<string, { canonical: PersonRow; duplicate: PersonRow; evidence: DuplicateEvidence[]; likely: boolean }>();
  const add = (left: PersonRow, right: PersonRow, evidence: DuplicateEvidence, likely: boolean) => {
    if (left.is_internal === 1 && right.is_internal === 1) return;
    if (only !== undefined && !only.has(left.uuid) && !only.has(right.uuid)) return;
    const [canonical, duplicate] = [left, right].sort(canonicalFirst) as [PersonRow, PersonRow];
    const id = `${canonical.uuid} ${duplicate.uuid}`;
    const entry = pairs.get(id) ?? { canonical, duplicate, evidence: [], likely: false };
    entry.evidence.push(evidence);
    entry.likely ||= likely;
    pairs.set(id, entry);
  };
  for (const group of groupedBy(profiled, (person) => person.linkedin_key!)) {
    for (const [left, right] of pairsWithin(group)) add(left, right, { reason: "SAME_LINKEDIN", shared: left.linkedin_key! }, true);
  }
  for (const group of groupedBy(typedNames, (person) => person.name_sort_key)) {
    for (const [left, right] of pairsWithin(group)) {
      const company = firstShared(companies.get(left.uuid), companies.get(right.uuid));
      const domain = firstShared(domains.get(left.uuid), domains.get(right.uuid));
      if (company !== null) add(left, right, { reason: "SAME_NAME_SHARED_COMPANY", shared: company }, true);
      if (domain !== null) add(left, right, { reason: "SAME_NAME_SHARED_EMAIL_DOMAIN", shared: domain }, true);
      // A name three persons hold is a common one: without more in common, its holders are namesakes.
      if (company === null && domain === null && group.length === 2) add(left, right, { reason: "SAME_NAME", shared: left.name_sort_key }, false);
    }
  }
  return [...pairs.values()].map(({ canonical, duplicate, evidence, likely }) => pairOf(canonical, duplicate, evidence, likely ? "likely" : "possible"));
}
