/**
 * Erasure step: the rows derived from the erased persons (name index entries and notes, opportunities' search
 * documents, the person change log, pending activity times and floors, the graph changes log, sampled index
 * statistics) lose them in the erasure's transaction, rather than whenever a search or a read would catch up.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { sqliteLower } from "../normalize.js";
import { rewriteSearchDocuments } from "../repositories/opportunity-search-documents.js";
import { forgetKeptAnswers, type KeptAnswerNeedles } from "./forget-kept-answers.js";

/** What names the erased persons outside their own rows. */
export interface ErasedTraces {
  personUuids: readonly string[];
  /** The opportunities whose search documents held a name of theirs. */
  linkedOpportunityUuids: readonly string[];
  /** Their uuids, addresses, domains and names: the values sampled index statistics may hold. */
  values: readonly string[];
  /** What is theirs alone (uuids, full names, profile URLs; addresses): the kept answers holding one go. */
  identifying: KeptAnswerNeedles;
}

/** Removes what migrations 0011, 0016–0018, 0029 and 0041 derived from the persons, the statistics' samples of them and the kept answers naming them (0069). */
export async function eraseDerivedRows(db: Kysely<Database>, tenantUuid: string, traces: ErasedTraces): Promise<void> {
  const persons = sql.join(traces.personUuids);
  // Few uuids (a person and those merged into it): a plain list.
  await sql`delete from person_name_search where rowid in
    (select key from name_search_keys where entity_type = 'PERSON' and uuid in (${persons}))`.execute(db);
  await sql`delete from name_search_keys where entity_type = 'PERSON' and uuid in (${persons})`.execute(db);
  await purgeDeletedNameEntries(db);
  // The notes only told a search to re-index these persons, who now have nothing to index.
  await sql`delete from name_search_pending where tenant_uuid = ${tenantUuid} and entity_type = 'PERSON' and uuid in (${persons})`.execute(db);
  await rewriteSearchDocuments(db, tenantUuid, traces.linkedOpportunityUuids);
  // A null person means "every person" to the remembered reads (migration 0029): they still drop what they held.
  await sql`update person_changes set person_uuid = null where tenant_uuid = ${tenantUuid} and person_uuid in (${persons})`.execute(db);
  await sql`delete from opportunity_activity_pending where tenant_uuid = ${tenantUuid} and person_uuid in (${persons})`.execute(db);
  await sql`delete from opportunity_activity_floors where tenant_uuid = ${tenantUuid} and entity_type = 'PERSON' and entity_uuid in (${persons})`.execute(db);
  // The graph changes log names them as subjects of affiliation and merge entries (the deletes above wrote some):
  // other processes' graphs load again after an erasure (its generation), so they need none of these.
  await sql`delete from graph_changes where tenant_uuid = ${tenantUuid} and kind in ('affiliation', 'merge')
    and (subject_uuid in (${persons}) or merged_into_uuid in (${persons}))`.execute(db);
  await forgetSampledStatistics(db, traces.values);
  await forgetKeptAnswers(db, tenantUuid, traces.identifying);
}

/**
 * `PRAGMA optimize` (at the store's opening) may sample index keys into `sqlite_stat4`: a sample holding one of
 * the values is dropped. The planner keeps the other samples; the next analysis takes new ones.
 */
async function forgetSampledStatistics(db: Kysely<Database>, values: readonly string[]): Promise<void> {
  const table = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'sqlite_stat4'`.execute(db);
  if (table.rows.length === 0 || values.length === 0) return;
  // Indexes on `lower(name)` sample the name as `lower()` folds it.
  const variants = [...new Set(values.flatMap((value) => [value, sqliteLower(value)]))];
  // One JSON list rather than one `or` term each: a person with many addresses has thousands of values, past
  // SQLite's limits on an expression's depth (1,000) and on a statement's parameters.
  await sql`delete from sqlite_stat4 where exists
    (select 1 from json_each(${JSON.stringify(variants)}) as variant where instr(sample, cast(variant.value as blob)) > 0)`.execute(db);
}

/**
 * The trigram index (contentless, `contentless_delete`) only marks a deleted entry: its terms stay in the segment
 * holding them until SQLite merges that segment, and earlier names of the persons (entries dropped at a rename)
 * with them. FTS5's `optimize` writes the index again as one segment without them, and frees the old segments,
 * which the erasure's `secure_delete` overwrites. It rewrites every tenant's names: about 2 ms for 3,000 persons,
 * 12 ms for 20,000 and 120 ms for 200,000 (the benchmark's scale L), once per erasure. FTS5's own `secure-delete`
 * option cannot do it for less: it needs the deleted row's text, which a contentless index does not keep.
 */
async function purgeDeletedNameEntries(db: Kysely<Database>): Promise<void> {
  await sql`insert into person_name_search (person_name_search) values ('optimize')`.execute(db);
}
