/** Merge step: the superseded person's addresses join the canonical person's (the canonical primary stays primary). */
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
    return Number(result.numUpdatedRows);
  },
};
