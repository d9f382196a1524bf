/**
 * Migration 0081: whether the write of a claimed `Idempotency-Key` committed (`written`, 0 or 1), set in the write's
 * own transaction (sqlite/written-claims.ts). A server killed between that commit and the keeping of the write's
 * answer left a claim no one could tell from one whose write never ran, so a retry ran the write a second time; a
 * claim known written is now refused instead (`claim`'s `written` outcome).
 */
import { sql, type Kysely, type Migration } from "kysely";

export const idempotentWritesCommittedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table idempotent_requests add column written integer not null default 0`.execute(db);
  },
};
