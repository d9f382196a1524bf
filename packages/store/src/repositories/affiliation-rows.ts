/** Reading and writing affiliation rows; shared by the person repository, merges and the affiliation reads. */
import type { Kysely } from "kysely";
import type { AffiliationsTable, Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import type { Affiliation, NewAffiliation } from "../records.js";
import { toFlag, type RepositoryContext } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";
import { mergedAwayCompanies, mergedAwayNote } from "./merged-away-persons.js";

export function toAffiliation(row: AffiliationsTable): Affiliation {
  return {
    uuid: row.uuid,
    person_uuid: row.person_uuid,
    company_uuid: row.company_uuid,
    title: row.title,
    is_current: row.is_current === 1,
    started_on: row.started_on,
    ended_on: row.ended_on,
    created_at: Number(row.created_at),
  };
}

/** Current first; then the most recently started (unknown start last); then the newest row. */
export function compareAffiliations(left: Affiliation, right: Affiliation): number {
  if (left.is_current !== right.is_current) return left.is_current ? -1 : 1;
  if (left.started_on !== right.started_on) {
    if (left.started_on === null) return 1;
    if (right.started_on === null) return -1;
    return left.started_on < right.started_on ? 1 : -1;
  }
  if (left.created_at !== right.created_at) return right.created_at - left.created_at;
  return left.uuid < right.uuid ? -1 : 1;
}

/** The affiliations of many persons in one query, each list in display order. */
export async function loadAffiliations(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: readonly string[],
): Promise<Map<string, Affiliation[]>> {
  const byPerson = new Map<string, Affiliation[]>();
  if (personUuids.length === 0) return byPerson;
  const rows = await db
    .selectFrom("affiliations")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", [...new Set(personUuids)])
    .execute();
  for (const row of rows) {
    const list = byPerson.get(row.person_uuid) ?? [];
    list.push(toAffiliation(row));
    byPerson.set(row.person_uuid, list);
  }
  for (const list of byPerson.values()) list.sort(compareAffiliations);
  return byPerson;
}

/** Throws InvalidInputError naming the first company that is not a live company of the tenant. */
export async function assertCompaniesExist(db: Kysely<Database>, tenantUuid: string, companyUuids: readonly string[]) {
  const wanted = [...new Set(companyUuids)];
  if (wanted.length === 0) return;
  const found = await db
    .selectFrom("companies")
    .select("uuid")
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("deleted_at", "is", null)
    .where("uuid", "in", wanted)
    .execute();
  const known = new Set(found.map((row) => row.uuid));
  const missing = wanted.find((uuid) => !known.has(uuid));
  if (missing) {
    const note = mergedAwayNote((await mergedAwayCompanies(db, tenantUuid, [missing])).get(missing), "company");
    throw new InvalidInputError(`company ${missing} does not exist in this tenant${note}`);
  }
}

/** Inserts affiliations for a person (companies must have been checked). */
export async function insertAffiliations(
  context: RepositoryContext,
  tenantUuid: string,
  personUuid: string,
  affiliations: readonly NewAffiliation[],
  timestamp: number,
) {
  if (affiliations.length === 0) return;
  const rows: AffiliationsTable[] = affiliations.map((affiliation) => {
    const isCurrent = affiliation.is_current ?? true;
    return {
      uuid: context.generateId(),
      tenant_uuid: tenantUuid,
      person_uuid: personUuid,
      company_uuid: affiliation.company_uuid,
      title: affiliation.title ?? null,
      is_current: toFlag(isCurrent),
      started_on: affiliation.started_on ?? null,
      ended_on: isCurrent ? null : (affiliation.ended_on ?? null),
      created_at: timestamp,
      updated_at: timestamp,
    };
  });
  await context.db.insertInto("affiliations").values(rows).execute();
}

/** Adds a current affiliation with the primary company unless one exists. */
export async function ensurePrimaryAffiliation(
  context: RepositoryContext,
  tenantUuid: string,
  personUuid: string,
  companyUuid: string,
  title: string | null,
  timestamp: number,
) {
  const existing = await context.db
    .selectFrom("affiliations")
    .select("uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .where("company_uuid", "=", companyUuid)
    .where("is_current", "=", 1)
    .executeTakeFirst();
  if (!existing) await insertAffiliations(context, tenantUuid, personUuid, [{ company_uuid: companyUuid, title, is_current: true }], timestamp);
}

/**
 * Refuses affiliations that list the primary company only as a past tenure. The primary company always has a
 * current affiliation (`ensurePrimaryAffiliation` adds one), so such a write kept the person current there beside
 * the past row it was sent: a contact recorded as having left a company still counted for it in every ranking.
 */
export function assertPrimaryCompanyCurrent(primaryCompanyUuid: string | null, affiliations: readonly NewAffiliation[]): void {
  if (primaryCompanyUuid === null) return;
  const listed = affiliations.filter((affiliation) => affiliation.company_uuid === primaryCompanyUuid);
  if (listed.length === 0 || listed.some((affiliation) => affiliation.is_current ?? true)) return;
  throw new InvalidInputError(
    `affiliations list company ${primaryCompanyUuid} only as a past tenure, but it is the primary company (primary_company_uuid), ` +
      "which always has a current affiliation: to record that the person left it, send primary_company_uuid too (null, or their current company)",
  );
}

/**
 * Refuses a past affiliation (`is_current: false`) that ends after today (the day a job change ends a tenure) where
 * the day is latest, UTC+14: a client in Auckland or Kiribati sending its own today is not refused. Only `is_current`
 * says whether someone is at a company, so such a tenure took them out of it at once, in every ranking and company
 * answer, months before the date sent.
 */
export function assertPastTenuresEnded(affiliations: readonly NewAffiliation[], timestamp: number): void {
  const today = isoDate(timestamp + LATEST_UTC_OFFSET_MS);
  const index = affiliations.findIndex((affiliation) => affiliation.is_current === false && (affiliation.ended_on ?? "") > today);
  if (index < 0) return;
  throw new InvalidInputError(
    `affiliations[${index}].ended_on ${affiliations[index]!.ended_on} is after today (${today} where the day is latest, UTC+14): a past affiliation (is_current: false) ` +
      "has ended; send a tenure that goes on as current (is_current: true, without ended_on), and end it when it ends",
  );
}

/** The offset of the time zone whose day begins first (Kiribati's Line Islands). */
const LATEST_UTC_OFFSET_MS = 14 * 60 * 60 * 1000;

/** `YYYY-MM-DD` (UTC) of an epoch-ms instant. */
export const isoDate = (epochMilliseconds: number): string => new Date(epochMilliseconds).toISOString().slice(0, 10);

/** The companies any of `personUuids` is currently affiliated with, each once. */
export async function currentCompanyUuidsOf(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<string[]> {
  if (personUuids.length === 0) return [];
  const rows = await db
    .selectFrom("affiliations")
    .select("company_uuid")
    .distinct()
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .where("is_current", "=", 1)
    .execute();
  return rows.map((row) => row.company_uuid);
}
