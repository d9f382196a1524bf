/**
 * Erasure step: an import job's stored summary and error may quote an erased person's address or name (a
 * problem such as "row 12: unreadable address zelda@example.com"), and so may its file name (a contact card exported
 * as "Zelda Quintero.vcf"); each such mention becomes `[erased]`, found as the personal data export finds it, in the
 * erasure's transaction.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { importJobsMentioning } from "../personal-data/import-jobs-mentioning.js";
import { parseJson } from "../repositories/repository-context.js";
import { redactFileName, redactMentions, redactMentionsInJson } from "./redact-mentions.js";

/** Redacts the folded `needles` (`importMentionNeedles`) from the tenant's import jobs that quote them. */
export async function eraseImportMentions(db: Kysely<Database>, tenantUuid: string, needles: readonly string[]): Promise<void> {
  for (const job of await importJobsMentioning(db, tenantUuid, needles)) {
    // The summary is stored as JSON by the store; text that is not is redacted as text.
    const parsed = job.summary === null ? null : parseJson<unknown>(job.summary, undefined);
    const summary =
      job.summary === null ? null : parsed === undefined ? redactMentions(job.summary, needles) : JSON.stringify(redactMentionsInJson(parsed, needles));
    const error = job.error === null ? null : redactMentions(job.error, needles);
    const file_name = job.file_name === null ? null : redactFileName(job.file_name, needles);
    await db.updateTable("import_jobs").set({ summary, error, file_name }).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", job.uuid).execute();
  }
}
