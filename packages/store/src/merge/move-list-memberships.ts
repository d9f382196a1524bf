/**
 * Merge step: the superseded person's (or company's) entity-list memberships become the canonical one's (no
 * duplicates), and each list they were on takes the merge's `updated_at`, as after a membership change through the
 * API. On a list that had both, the earlier membership stays (its place in the list, `added_at` and
 * `added_by_user_uuid`): the record has been on the list since then. Counts the memberships moved: a duplicate of one
 * the canonical record had is dropped, not moved, as the activity step counts its duplicates.
 */
import { tenantOnly } from "../repositories/tenant-filter.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveListMemberships: PersonReferenceMover = {
  kind: "list_memberships",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const membershipsOf = async (entityUuid: string) =>
      await db
        .selectFrom("entity_list_members")
        .select(["list_uuid", "position"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("entity_uuid", "=", entityUuid)
        .execute();
    const canonicalPlace = new Map((await membershipsOf(canonicalUuid)).map((row) => [row.list_uuid, Number(row.position)]));
    const supersededMemberships = await membershipsOf(supersededUuid);
    const supersededLists = supersededMemberships.map((row) => row.list_uuid);
    const membership = (listUuid: string, entityUuid: string) =>
      db.deleteFrom("entity_list_members").where("tenant_uuid", "=", tenantUuid).where("list_uuid", "=", listUuid).where("entity_uuid", "=", entityUuid);
    for (const { list_uuid: listUuid, position } of supersededMemberships) {
      const canonicalAt = canonicalPlace.get(listUuid);
      if (canonicalAt !== undefined && canonicalAt <= Number(position)) {
        await membership(listUuid, supersededUuid).execute();
        continue;
      }
      if (canonicalAt !== undefined) await membership(listUuid, canonicalUuid).execute();
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
    return supersededLists.filter((listUuid) => !canonicalPlace.has(listUuid)).length;
  },
};
