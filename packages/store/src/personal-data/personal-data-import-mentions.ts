/**
 * Export section of the import jobs whose stored summary, error or file name names the subject: a problem an import
 * reported may quote an address of theirs, and a contact card exported alone is named after them. The summary is the
 * API's document, kept as given: its texts are searched whatever its shape.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { sqliteLower } from "../normalize.js";
import { parseJson } from "../repositories/repository-context.js";
import { importJobsMentioning, importMentionNeedles } from "./import-jobs-mentioning.js";
import type { PersonalDataImportMention } from "./personal-data-export.js";
import { fileNameQuotesOf, quotesWhole } from "./whole-quotes.js";

/** Every text of a JSON value: its strings, at any depth. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(textsOf);
  return [];
}

/**
 * The import jobs whose summary, error or file name quotes one of the subject's `addresses` or full `names` whole,
 * ignoring the case of A–Z, with each text that does (the file name first).
 */
export async function importMentions(
  db: Kysely<Database>,
  tenantUuid: string,
  addresses: readonly string[],
  names: readonly string[],
): Promise<PersonalDataImportMention[]> {
  const needles = importMentionNeedles(addresses, names);
  // The query finds every text holding a needle anywhere; only whole quotes are the subject's.
  const rows = await importJobsMentioning(db, tenantUuid, needles);
  return rows.flatMap((row) => {
    const texts = [...textsOf(row.summary === null ? null : parseJson<unknown>(row.summary, row.summary)), ...(row.error === null ? [] : [row.error])];
    const named = row.file_name !== null && needles.some((needle) => fileNameQuotesOf(sqliteLower(row.file_name!), needle).length > 0);
    const quoting = [...new Set([...(named ? [row.file_name!] : []), ...texts.filter((text) => needles.some((needle) => quotesWhole(sqliteLower(text), needle)))])];
    if (quoting.length === 0) return [];
    return [{ import_uuid: row.uuid, kind: row.kind, file_name: row.file_name, created_at: row.created_at, texts: quoting }];
  });
}
