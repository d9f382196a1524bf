/**
 * @module
 * Opportunities' search documents (migration 0018): the opportunity's name and its live linked persons'
 * and companies' names, one per line, rebuilt from the tenant's notes with the name indexes
 * (`applyPendingNameSearch`) and matched by a search's words.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../database-schema.js";
import { rawInList } from "../sqlite/long-in-lists.js";
import { likeContains } from "./name-search.js";

/** The names of the live persons or companies `o` is linked to, each after a line break; empty for none. */
function linkedNames(entityType: "PERSON" | "COMPANY") {
  const [table, name] = entityType === "PERSON" ? [sql`persons`, sql`r.name`] : [sql`companies`, sql`r.company_name`];
  return sql`coalesce((select group_concat(char(10) || ${name}, '') from associations a join ${table} r on r.uuid = a.entity_uuid
    where a.tenant_uuid = o.tenant_uuid and a.owner_type = 'OPPORTUNITY' and a.owner_uuid = o.uuid and a.entity_type = ${entityType}
    and r.tenant_uuid = o.tenant_uuid and r.deleted_at is null), '')`;
}

/**
 * Rewrites the documents of the tenant's opportunities that the notes up to `lastNoteId` touch: the noted
 * opportunities (their own notes and their links'), and those linked to a noted person or company. A deleted opportunity loses its document.
 */
export async function rebuildSearchDocuments(transaction: Kysely<Database>, tenantUuid: string, lastNoteId: number): Promise<void> {
  const noted = (...entityTypes: string[]) => sql`select uuid from name_search_pending
    where tenant_uuid = ${tenantUuid} and entity_type in (${sql.join(entityTypes)}) and id <= ${lastNoteId}`;
  const linkedTo = (entityType: string) => sql`select a.owner_uuid from associations a indexed by associations_opportunity_links
    where a.entity_uuid in (${noted(entityType)}) and a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.entity_type = ${entityType}`;
  // An opportunity's own note (its name, its deletion) or one of its links' (migration 0019).
  const touched = sql`${noted("OPPORTUNITY", "OPPORTUNITY_LINKS")} union ${linkedTo("PERSON")} union ${linkedTo("COMPANY")}`;
  await sql`delete from opportunity_search_documents where tenant_uuid = ${tenantUuid} and opportunity_uuid in (${touched})`.execute(transaction);
  await sql`insert into opportunity_search_documents (tenant_uuid, opportunity_uuid, document)
    select o.tenant_uuid, o.uuid, o.name || ${linkedNames("PERSON")} || ${linkedNames("COMPANY")} from opportunities o
    where o.tenant_uuid = ${tenantUuid} and o.deleted_at is null and o.uuid in (${touched})`.execute(transaction);
}

/**
 * Rewrites the documents of these opportunities of the tenant from their present names and links, at once
 * rather than at the next search: an erased person's name must not wait in them. A deleted one has none.
 */
export async function rewriteSearchDocuments(transaction: Kysely<Database>, tenantUuid: string, opportunityUuids: readonly string[]): Promise<void> {
  if (opportunityUuids.length === 0) return;
  const touched = [...new Set(opportunityUuids)];
  await sql`delete from opportunity_search_documents where tenant_uuid = ${tenantUuid} and ${rawInList(sql`opportunity_uuid`, touched)}`.execute(transaction);
  // The tenant condition is unindexed (`+`) so that SQLite seeks each opportunity by uuid: under statistics like
  // scale L's, hundreds of uuids walked every live opportunity of the tenant.
  await sql`insert into opportunity_search_documents (tenant_uuid, opportunity_uuid, document)
    select o.tenant_uuid, o.uuid, o.name || ${linkedNames("PERSON")} || ${linkedNames("COMPANY")} from opportunities o
    where +o.tenant_uuid = ${tenantUuid} and o.deleted_at is null and ${rawInList(sql`o.uuid`, touched)}`.execute(transaction);
}

/**
 * Every word in the document of `d`. `like` folds A–Z alone, as `lower()` does, so this matches what
 * `lower(name) like` matches on each name. A word holds no line break (words are split at whitespace),
 * so it is found within one name, never across two.
 */
function documentHoldsEvery(words: readonly string[]): Expression<SqlBool> {
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(
    words.map((word) => sql`d.document like ${likeContains(word)} escape '\\'`),
    sql` and `,
  )})`;
}

/** The UUIDs of the tenant's opportunities whose document holds every word: one pass over its documents. */
export function opportunitiesWithEveryWord(tenantUuid: string, words: readonly string[]): RawBuilder<unknown> {
  return sql`select d.opportunity_uuid from opportunity_search_documents d where d.tenant_uuid = ${tenantUuid} and ${documentHoldsEvery(words)}`;
}

/** Whether the document of one opportunity (`opportunityRef`) holds every word: one lookup by key. */
export function documentHoldsEveryWord(tenantUuid: string, words: readonly string[], opportunityRef: RawBuilder<unknown>): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from opportunity_search_documents d
    where d.tenant_uuid = ${tenantUuid} and d.opportunity_uuid = ${opportunityRef} and ${documentHoldsEvery(words)})`;
}
