/**
 * The import jobs whose stored summary, error or file name quotes a person: what the personal data export shows and
 * what erasure redacts, found the same way by both.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { sqliteLower } from "../normalize.js";

/** An import job's row, as far as a mention of a person concerns it. */
export interface ImportJobMentioning {
  uuid: string;
  kind: string;
  file_name: string | null;
  created_at: number;
  summary: string | null;
  error: string | null;
}

/**
 * The texts that identify a person in an import's summary: each address, and each full name of three characters
 * or more (a shorter one would match inside unrelated words), folded as SQLite's `lower()` folds (A–Z only).
 */
export function importMentionNeedles(addresses: readonly string[], names: readonly string[]): string[] {
  const identifying = [...addresses, ...names.filter((name) => name.trim().length >= 3)];
  return [...new Set(identifying.map(sqliteLower))];
}

/** The tenant's import jobs whose summary, error or file name holds one of the folded `needles`, ignoring the case of A–Z. */
export async function importJobsMentioning(db: Kysely<Database>, tenantUuid: string, needles: readonly string[]): Promise<ImportJobMentioning[]> {
  if (needles.length === 0) return [];
  // One JSON list rather than one `or` term each: a person may have thousands of addresses.
  const rows = await sql<ImportJobMentioning>`
    select uuid, kind, file_name, created_at, summary, error from import_jobs
    where tenant_uuid = ${tenantUuid}
      and exists (select 1 from json_each(${JSON.stringify(needles)}) as needle
        where instr(lower(coalesce(summary, '') || char(10) || coalesce(error, '') || char(10) || coalesce(file_name, '')), needle.value) > 0)
    order by created_at, uuid`.execute(db);
  return rows.rows.map((row) => ({ ...row, created_at: Number(row.created_at) }));
}
