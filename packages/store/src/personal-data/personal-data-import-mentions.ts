/**
 * Export section of the import jobs whose stored summary or error names the subject: a problem an import
 * reported may quote an address of theirs. The summary is the API's document, kept as given: its texts are
 * searched whatever its shape.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { sqliteLower } from "../normalize.js";
import { parseJson } from "../repositories/repository-context.js";
import type { PersonalDataImportMention } from "./personal-data-export.js";

/** Every text of a JSON value: its strings, at any depth. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(textsOf);
  return [];
}

/** Characters that continue a word or an address: a needle next to one is part of something longer. */
const CONTINUES = /[\p{L}\p{N}._%+@-]/u;

/**
 * Whether `text` (folded) quotes `needle` (folded) whole: not inside a longer word or address ("dan@initech.example"
 * in "jordan@initech.example", "Dan" in "Jordan" name someone else). A full stop after it ends a sentence, not a
 * domain, unless a letter or digit follows.
 */
export function quotesWhole(text: string, needle: string): boolean {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1];
    const after = text[at + needle.length];
    const next = text[at + needle.length + 1];
    const endsHere = after === undefined || !CONTINUES.test(after) || (after === "." && (next === undefined || !/[\p{L}\p{N}]/u.test(next)));
    if ((before === undefined || !CONTINUES.test(before)) && endsHere) return true;
  }
  return false;
}

/**
 * The import jobs whose summary or error quotes one of `needles` (addresses, full names) whole, ignoring the case
 * of A–Z, with each text that does.
 */
export async function importMentions(db: Kysely<Database>, tenantUuid: string, needles: readonly string[]): Promise<PersonalDataImportMention[]> {
  const folded = [...new Set(needles.map(sqliteLower))];
  if (folded.length === 0) return [];
  // One JSON list rather than one `or` term each: a person may have thousands of addresses.
  const rows = await sql<{ uuid: string; kind: string; file_name: string | null; created_at: number; summary: string | null; error: string | null }>`
    select uuid, kind, file_name, created_at, summary, error from import_jobs
    where tenant_uuid = ${tenantUuid}
      and exists (select 1 from json_each(${JSON.stringify(folded)}) as needle
        where instr(lower(coalesce(summary, '') || char(10) || coalesce(error, '')), needle.value) > 0)
    order by created_at, uuid`.execute(db);
  // The query finds every text holding a needle anywhere; only whole quotes are the subject's.
  return rows.rows.flatMap((row) => {
    const texts = [...textsOf(row.summary === null ? null : parseJson<unknown>(row.summary, row.summary)), ...(row.error === null ? [] : [row.error])];
    const quoting = [...new Set(texts.filter((text) => folded.some((needle) => quotesWhole(sqliteLower(text), needle))))];
    if (quoting.length === 0) return [];
    return [{ import_uuid: row.uuid, kind: row.kind, file_name: row.file_name, created_at: Number(row.created_at), texts: quoting }];
  });
}
