/**
 * @module
 * Where a person or company uuid named in a request body went when a merge removed it. A client holding a stale uuid
 * (copied before the merge) is told which record to use instead of a bare "not found". Read only on the way to a refusal.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { chunksOf } from "./chunks-of.js";
import { tenantOnly } from "./tenant-filter.js";

/** The person each of `uuids` was merged into, for those a merge removed (the others are left out). */
export async function mergedAwayPersons(db: Kysely<Database>, tenantUuid: string, uuids: readonly string[]): Promise<Map<string, string>> {
  return mergedAwayRecords(db, "persons", tenantUuid, uuids);
}

/** The company each of `uuids` was merged into, for those a company merge removed (the others are left out). */
export async function mergedAwayCompanies(db: Kysely<Database>, tenantUuid: string, uuids: readonly string[]): Promise<Map<string, string>> {
  return mergedAwayRecords(db, "companies", tenantUuid, uuids);
}

async function mergedAwayRecords(db: Kysely<Database>, table: "persons" | "companies", tenantUuid: string, uuids: readonly string[]): Promise<Map<string, string>> {
  const mergedInto = new Map<string, string>();
  for (const chunk of chunksOf([...new Set(uuids)])) {
    const rows = await db
      .selectFrom(table)
      .select(["uuid", "merged_into_uuid"])
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", chunk)
      .execute();
    // Filtered here: `merged_into_uuid is not null` in the query lets SQLite walk every merge of every tenant
    // through the partial index persons_by_merge_target instead of seeking each uuid.
    for (const row of rows) if (row.merged_into_uuid !== null) mergedInto.set(row.uuid, row.merged_into_uuid);
  }
  return mergedInto;
}

/**
 * `": it was merged into person <canonical>"` for a person a merge removed (`canonical`: the person it went into, as
 * `mergedAwayPersons` or `personMerges.mergedInto` give it; `kind` "company" for a company, as `mergedAwayCompanies`
 * gives it), else nothing: the end of a reference's "not found".
 *
 * @example
 * `person ${uuid} not found${mergedAwayNote(mergedInto.get(uuid))}`; // "person … not found: it was merged into person …"
 */
export function mergedAwayNote(canonical: string | null | undefined, kind: "person" | "company" = "person"): string {
  return canonical == null ? "" : `: it was merged into ${kind} ${canonical}`;
}
