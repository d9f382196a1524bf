/**
 * Migration 0067: what the fuzzy retry of `opportunities.list` reads, made cheaper to read again. The
 * `search_documents` change generation (see migration 0007), raised by every write to an opportunity's search
 * document (migration 0018), keeps exact the folded documents the retry remembers; the retry read them again each
 * time (5,000 lookups by key, about 18 ms of its 27 to 50 ms statement at benchmark scale M). And
 * `opportunities_live_by_update` holds the live opportunities newest first with their uuids, so the retry finds its
 * 5,000 candidates in the index alone: through `opportunities_tenant_updated_at` it read each one's row for its
 * `deleted_at` (8.2 ms against 2.2 ms at M).
 */
import { sql, type Kysely, type Migration } from "kysely";
import { raiseOnEveryWrite } from "./generation-triggers.js";

/** The scope whose generation moves with every written search document. */
export const SEARCH_DOCUMENTS = "search_documents";

export const fuzzyRetryReadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const trigger of raiseOnEveryWrite("opportunity_search_documents", SEARCH_DOCUMENTS)) await trigger.execute(db);
    // `uuid >= ''` is the index's own condition: only the retry's statement writes it, so no other takes the index
    // (under scale L's statistics the totals took it instead of their covering one).
    await sql`create index opportunities_live_by_update on opportunities (tenant_uuid, updated_at, uuid) where deleted_at is null and uuid >= ''`.execute(db);
  },
};
