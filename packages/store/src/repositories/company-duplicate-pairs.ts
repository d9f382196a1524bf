/**
 * @module
 * The likely duplicate companies of a tenant (`companyDuplicatePairs`): the names without legal form
 * (`name_duplicate_key`, migration 0096) and the domains two live companies share, read from their (tenant, key)
 * indexes, then those few companies.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { DuplicateEvidence } from "../duplicate-records.js";
import { groupedBy, pairsWithin, type KeyedPair } from "./duplicate-pair-order.js";

interface CompanyRow {
  uuid: string;
  company_name: string;
  company_name_sort_key: string;
  name_duplicate_key: string | null;
  domain: string | null;
  created_at: number;
}

const KEYS = { name: sql<string | null>`name_duplicate_key`, domain: sql<string | null>`lower(domain)` } as const;

/** The keys two or more live companies share; only those `restrict`'s companies hold, when given. */
async function sharedKeys(db: Kysely<Database>, tenantUuid: string, kind: keyof typeof KEYS, restrict: readonly string[] | undefined): Promise<string[]> {
  const key = KEYS[kind];
  let query = db.selectFrom("companies").select(key.as("key")).where("tenant_uuid", "=", tenantUuid).where(key, "is not", null);
  // The names' index holds merged-away companies too, so that it answers alone (`companiesKeyed` leaves them out);
  // the domains' holds live companies only (migration 0040), and is read only when the query says so.
  if (kind === "domain") query = query.where("deleted_at", "is", null);
  if (restrict !== undefined) {
    query = query.where(key, "in", db.selectFrom("companies").select(key.as("key")).where("tenant_uuid", "=", tenantUuid).where("uuid", "in", [...restrict]));
  }
  const rows = await query.groupBy(key).having(sql`count(*)`, ">", 1).execute();
  return rows.map((row) => row.key!);
}

async function companiesKeyed(db: Kysely<Database>, tenantUuid: string, kind: keyof typeof KEYS, keys: readonly string[]): Promise<CompanyRow[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom("companies")
    .select(["uuid", "company_name", "company_name_sort_key", "name_duplicate_key", "domain", "created_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("deleted_at", "is", null)
    .where(KEYS[kind], "in", [...keys])
    .execute();
  return rows.map((row) => ({ ...row, name_duplicate_key: row.name_duplicate_key ?? null }));
}

const olderFirst = (left: CompanyRow, right: CompanyRow) => left.created_at - right.created_at || (left.uuid < right.uuid ? -1 : 1);
const side = (company: CompanyRow) => ({ uuid: company.uuid, name: company.company_name, created_at: Number(company.created_at) });
const domainOf = (company: CompanyRow) => company.domain?.toLowerCase() ?? null;

/**
 * The tenant's likely duplicate companies, unordered, one entry a pair with every reason found for it; only pairs with
 * one of `restrict` when given. A pair of one name at two domains ("Acme Inc." at acme.com, "Acme GmbH" at acme.de)
 * is only `possible`: a subsidiary abroad is another company a user may want to keep.
 */
export async function companyDuplicatePairs(db: Kysely<Database>, tenantUuid: string, restrict?: readonly string[]): Promise<KeyedPair[]> {
  const [nameKeys, domainKeys] = await Promise.all([sharedKeys(db, tenantUuid, "name", restrict), sharedKeys(db, tenantUuid, "domain", restrict)]);
  const [named, atDomain] = await Promise.all([companiesKeyed(db, tenantUuid, "name", nameKeys), companiesKeyed(db, tenantUuid, "domain", domainKeys)]);
  const only = restrict === undefined ? undefined : new Set(restrict);
  const pairs = new Map<string, { canonical: CompanyRow; duplicate: CompanyRow; evidence: DuplicateEvidence[]; likely: boolean }>();
  const add = (left: CompanyRow, right: CompanyRow, evidence: DuplicateEvidence, likely: boolean) => {
    if (only !== undefined && !only.has(left.uuid) && !only.has(right.uuid)) return;
    const [canonical, duplicate] = [left, right].sort(olderFirst) as [CompanyRow, CompanyRow];
    const id = `${canonical.uuid} ${duplicate.uuid}`;
    const entry = pairs.get(id) ?? { canonical, duplicate, evidence: [], likely: false };
    entry.evidence.push(evidence);
    entry.likely ||= likely;
    pairs.set(id, entry);
  };
  for (const group of groupedBy(atDomain, (company) => domainOf(company)!)) {
    for (const [left, right] of pairsWithin(group)) add(left, right, { reason: "SAME_DOMAIN", shared: domainOf(left)! }, true);
  }
  for (const group of groupedBy(named, (company) => company.name_duplicate_key!)) {
    for (const [left, right] of pairsWithin(group)) {
      const [leftDomain, rightDomain] = [domainOf(left), domainOf(right)];
      const twoDomains = leftDomain !== null && rightDomain !== null && leftDomain !== rightDomain;
      add(left, right, { reason: "SAME_NAME", shared: left.name_duplicate_key! }, !twoDomains);
    }
  }
  return [...pairs.values()].map(({ canonical, duplicate, evidence, likely }) => ({
    key: [1, canonical.company_name_sort_key, canonical.uuid, duplicate.uuid] as const,
    pair: { entity_type: "COMPANY" as const, canonical: side(canonical), duplicate: side(duplicate), confidence: likely ? ("likely" as const) : ("possible" as const), evidence },
  }));
}
