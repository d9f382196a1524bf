/**
 * Migration 0049: a deactivated user whose own person a merge removed names the person it was merged into. Merges
 * move the user since 2026-12-05 (merge/move-user-accounts.ts); before, only a reactivation did, so `GET /v1/users`
 * kept the merged-away uuid. Their `updated_at` moves, so a poller of `updated_after` sees the new `person_uuid`.
 * A user whose person went to another user's person (merges allowed that before 2026-12-03) is left as it is: two
 * users never share a person, and reactivating them is refused as before.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const usersFollowMergesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      update users set
        person_uuid = (select p.merged_into_uuid from persons p where p.tenant_uuid = users.tenant_uuid and p.uuid = users.person_uuid),
        updated_at = ${Date.now()}
      where exists (
        select 1 from persons p
        where p.tenant_uuid = users.tenant_uuid and p.uuid = users.person_uuid and p.merged_into_uuid is not null
          and not exists (select 1 from users other where other.tenant_uuid = users.tenant_uuid and other.person_uuid = p.merged_into_uuid)
      )`.execute(db);
  },
};
