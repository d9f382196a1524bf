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

/**
 * The import jobs whose summary or error holds one of `needles` (addresses, full names), ignoring the case of
 * A–Z, with each text that does.
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
  return rows.rows.map((row) => {
    const texts = [...textsOf(row.summary === null ? null : parseJson<unknown>(row.summary, row.summary)), ...(row.error === null ? [] : [row.error])];
    return {
      import_uuid: row.uuid,
      kind: row.kind,
      file_name: row.file_name,
      created_at: Number(row.created_at),
      texts: [...new Set(texts.filter((text) => folded.some((needle) => sqliteLower(text).includes(needle))))],
    };
  });
}
