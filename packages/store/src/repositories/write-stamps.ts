/**
 * @module The change stamp of a write that hard-deletes rows, for the triggers that log them (migration 0092): the
 * activity feed's and the deletions log's entries then take the store's stamp, as every other change time does.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * Runs `write` (inside a transaction: a failure rolls the stamp back with it) with `stamp` as the time its deletions of
 * `tenantUuid`'s rows are logged at.
 *
 * @example
 * await withWriteStamp(transaction, tenantUuid, now(tenantUuid), () => transaction.deleteFrom("files")...execute());
 */
export async function withWriteStamp<Result>(db: Kysely<Database>, tenantUuid: string, stamp: number, write: () => Promise<Result>): Promise<Result> {
  await sql`insert or replace into write_stamps (tenant_uuid, stamp) values (${tenantUuid}, ${stamp})`.execute(db);
  const result = await write();
  await sql`delete from write_stamps where tenant_uuid = ${tenantUuid}`.execute(db);
  return result;
}
