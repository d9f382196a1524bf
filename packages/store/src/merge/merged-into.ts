/** @module The record a merged-away person or company went into. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * The uuid of the record `uuid` of `table` was merged into, or null when it is live, unknown, another tenant's, or
 * deleted without a merge.
 * @example await mergedIntoOf(db, "companies", tenantUuid, supersededUuid); // the canonical company's uuid
 */
export async function mergedIntoOf(db: Kysely<Database>, table: "persons" | "companies", tenantUuid: string, uuid: string): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select("merged_into_uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", uuid)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  return row?.merged_into_uuid ?? null;
}
