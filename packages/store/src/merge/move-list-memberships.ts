/**
 * Merge step: the superseded person's entity-list memberships become the canonical person's (no duplicates), and
 * each list they were on takes the merge's `updated_at`, as after a membership change through the API. On a list
 * that had both, the earlier membership stays (its `added_at` and `added_by_user_uuid`): the person has been on
 * the list since then.
 */
import { tenantOnly } from "../repositories/tenant-filter.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveListMemberships: PersonReferenceMover = {
  kind: "list_memberships",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const membershipsOf = async (entityUuid: string) =>
      await db
        .selectFrom("entity_list_members")
        .select(["list_uuid", "added_at"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("entity_uuid", "=", entityUuid)
        .execute();
    const canonicalAddedAt = new Map((await membershipsOf(canonicalUuid)).map((row) => [row.list_uuid, Number(row.added_at)]));
    const supersededMemberships = await membershipsOf(supersededUuid);
    const supersededLists = supersededMemberships.map((row) => row.list_uuid);
    const membership = (listUuid: string, entityUuid: string) =>
      db.deleteFrom("entity_list_members").where("tenant_uuid", "=", tenantUuid).where("list_uuid", "=", listUuid).where("entity_uuid", "=", entityUuid);
    for (const { list_uuid: listUuid, added_at: addedAt } of supersededMemberships) {
      const canonicalSince = canonicalAddedAt.get(listUuid);
      if (canonicalSince !== undefined && canonicalSince <= Number(addedAt)) {
        await membership(listUuid, supersededUuid).execute();
        continue;
      }
      if (canonicalSince !== undefined) await membership(listUuid, canonicalUuid).execute();
      await db
        .updateTable("entity_list_members")
        .set({ entity_uuid: canonicalUuid })
        .where("tenant_uuid", "=", tenantUuid)
        .where("list_uuid", "=", listUuid)
        .where("entity_uuid", "=", supersededUuid)
        .execute();
    }
    if (supersededLists.length > 0) {
      await db.updateTable("entity_lists").set({ updated_at: now }).where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("uuid", "in", supersededLists).execute();
    }
    return supersededLists.length;
  },
};
