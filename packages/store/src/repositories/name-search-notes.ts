/**
 * @module
 * Bringing the name indexes of migration 0016 and the opportunities' search documents of migration 0018
 * up to date with the writes their triggers noted (migrations 0017 and 0018): a search applies its
 * tenant's notes before it reads them.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { NameSearchIndex } from "../store.js";
import { INDEX_FOLD_NAME_FUNCTION } from "./fold-name.js";
import { NAMED, NAMED_TYPES } from "./name-search.js";
import { rebuildSearchDocuments } from "./opportunity-search-documents.js";
import { withTransaction } from "./repository-context.js";

/**
 * Most notes one search applies (20,000 took 276 ms at benchmark scale L). With more waiting, after a
 * large import say, the search reads every name instead and the next ones apply the rest in turn: no
 * search waits for all of an import's names at once.
 */
export const NAME_NOTES_PER_SEARCH = 20_000;

/**
 * Brings the name indexes up to date with the tenant's writes noted since (migration 0017), the oldest
 * `limit` notes at most: each noted record's entry is dropped, and its current name, folded, indexed under a new
 * key if it still exists. The search documents of the opportunities those notes touch are rewritten
 * (`rebuildSearchDocuments`). One write transaction. True when no note of the tenant is left, that is
 * when the indexes and documents may be read for it.
 */
export async function applyPendingNameSearch(db: Kysely<Database>, tenantUuid: string, limit = NAME_NOTES_PER_SEARCH): Promise<boolean> {
  const probe = await sql<{ id: number }>`select id from name_search_pending where tenant_uuid = ${tenantUuid} limit 1`.execute(db);
  if (probe.rows.length === 0) return true;
  return withTransaction(db, async (transaction) => {
    const nth = await sql<{ id: number }>`select id from name_search_pending where tenant_uuid = ${tenantUuid}
      order by id limit 1 offset ${Math.max(0, limit - 1)}`.execute(transaction);
    const newest = await sql<{ id: number | null }>`select max(id) as id from name_search_pending where tenant_uuid = ${tenantUuid}`.execute(transaction);
    const last = nth.rows[0]?.id ?? newest.rows[0]?.id;
    if (last === undefined || last === null) return true;
    for (const entityType of NAMED_TYPES) {
      const { table, name, index } = NAMED[entityType];
      const indexName = sql.raw(index);
      const noted = sql`select uuid from name_search_pending where tenant_uuid = ${tenantUuid} and entity_type = ${entityType} and id <= ${last}`;
      await sql`delete from ${indexName} where rowid in (select key from name_search_keys where entity_type = ${entityType} and uuid in (${noted}))`.execute(transaction);
      await sql`delete from name_search_keys where entity_type = ${entityType} and uuid in (${noted})`.execute(transaction);
      await sql`insert into name_search_keys (entity_type, uuid) select ${entityType}, r.uuid from ${table} r where r.uuid in (${noted})`.execute(transaction);
      // Indexed folded (`foldNameForIndex`; since migration 0059), as the words it is asked for are.
      await sql`insert into ${indexName} (rowid, name) select k.key, ${sql.raw(INDEX_FOLD_NAME_FUNCTION)}(${name}) from name_search_keys k join ${table} r on r.uuid = k.uuid
        where k.entity_type = ${entityType} and k.uuid in (${noted})`.execute(transaction);
    }
    await rebuildSearchDocuments(transaction, tenantUuid, last);
    await sql`delete from name_search_pending where tenant_uuid = ${tenantUuid} and id <= ${last}`.execute(transaction);
    const left = await sql<{ id: number }>`select id from name_search_pending where tenant_uuid = ${tenantUuid} limit 1`.execute(transaction);
    return left.rows.length === 0;
  });
}


/** The store's `nameSearch`: catching a tenant's name notes up in steps. */
export function createNameSearchIndex(db: Kysely<Database>): NameSearchIndex {
  return {
    async catchUp(tenantUuid, options = {}) {
      const { rows } = await sql<{ notes: number }>`select count(*) as notes from name_search_pending where tenant_uuid = ${tenantUuid}`.execute(db);
      const notes = Number(rows[0]?.notes ?? 0);
      if (notes === 0) return 0;
      while (!(await applyPendingNameSearch(db, tenantUuid, options.notesPerStep))) await options.yieldControl?.();
      return notes;
    },
  };
}
