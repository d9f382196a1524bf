/**
 * Merge step: the superseded person's addresses join the canonical person's (the canonical primary stays primary), one
 * address kept of two spellings of it.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { normalizeEmail } from "../normalize.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveEmails: PersonReferenceMover = {
  kind: "emails",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid }) {
    const canonicalPrimary = await db
      .selectFrom("person_emails")
      .select("address")
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", canonicalUuid)
      .where("is_primary", "=", 1)
      .executeTakeFirst();
    let update = db.updateTable("person_emails").set({ person_uuid: canonicalUuid });
    if (canonicalPrimary) update = update.set({ is_primary: 0 });
    const result = await update.where("tenant_uuid", "=", tenantUuid).where("person_uuid", "=", supersededUuid).executeTakeFirst();
    // The addresses the canonical person gained: one held in two spellings counts once (as a list both were on).
    return Number(result.numUpdatedRows) - (await keepOneSpelling(db, tenantUuid, canonicalUuid));
  },
};

/**
 * Two persons may each hold one address in another spelling (store migration 0083 left an address whose one form
 * another person held): once they are one person, the address is one, in its one form where a row has it (else the
 * older spelling), primary if either was. Resolves to how many rows it deleted.
 */
async function keepOneSpelling(db: Kysely<Database>, tenantUuid: string, personUuid: string): Promise<number> {
  const rows = await db
    .selectFrom("person_emails")
    .select(["address", "is_primary"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", personUuid)
    .orderBy("created_at")
    .orderBy("address")
    .execute();
  const byForm = new Map<string, typeof rows>();
  for (const row of rows) {
    const form = normalizeEmail(row.address);
    byForm.set(form, [...(byForm.get(form) ?? []), row]);
  }
  let deleted = 0;
  for (const [form, spellings] of byForm) {
    if (spellings.length < 2) continue;
    const kept = spellings.find((row) => row.address === form) ?? spellings[0]!;
    const dropped = spellings.filter((row) => row !== kept).map((row) => row.address);
    await db.deleteFrom("person_emails").where("tenant_uuid", "=", tenantUuid).where("address", "in", dropped).execute();
    deleted += dropped.length;
    if (kept.is_primary === 0 && spellings.some((row) => row.is_primary === 1)) {
      await db.updateTable("person_emails").set({ is_primary: 1 }).where("tenant_uuid", "=", tenantUuid).where("address", "=", kept.address).execute();
    }
  }
  return deleted;
}
