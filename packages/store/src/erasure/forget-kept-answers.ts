/** Erasure step: the answers kept for writes sent with an `Idempotency-Key` (migration 0069) that hold the persons' data. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * Deletes the tenant's kept answers holding one of `identifying` (the persons' uuids, addresses, full names and
 * profile URLs) inside a JSON string: a created person's or note's answer, replayed to a retry for a day, would give
 * back what the erasure took out. A value is looked for as JSON writes it (a `"` or `\` escaped), so a name holding
 * one is found; a shared value (an address's domain, a first name alone) is not looked for, so the answers of others
 * sharing it stay. The tenant's answers are a day's keyed writes, read once; the values go as one JSON list (a person
 * with a thousand addresses would pass SQLite's limits as one `or` term each).
 */
export async function forgetKeptAnswers(db: Kysely<Database>, tenantUuid: string, identifying: readonly string[]): Promise<void> {
  if (identifying.length === 0) return;
  const asWritten = [...new Set(identifying.map((value) => JSON.stringify(value).slice(1, -1)))];
  await sql`delete from idempotent_requests where tenant_uuid = ${tenantUuid} and response is not null and exists
    (select 1 from json_each(${JSON.stringify(asWritten)}) as erased where instr(response, erased.value) > 0)`.execute(db);
}
