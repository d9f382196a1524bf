/**
 * Merge step: a deactivated user's own person merged away takes the user along to the canonical person, with the
 * merge's `updated_at`, so `GET /v1/users` and its pollers see the person the user is now (an active user's own
 * person is internal and cannot be superseded; two users' persons are never merged).
 */
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveUserAccounts: PersonReferenceMover = {
  kind: "users",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const result = await db
      .updateTable("users")
      .set({ person_uuid: canonicalUuid, updated_at: now })
      .where("tenant_uuid", "=", tenantUuid)
      .where("person_uuid", "=", supersededUuid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
