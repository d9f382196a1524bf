/**
 * Merge step: the superseded person's entity-list memberships become the canonical person's (no duplicates), and
 * each list they were on takes the merge's `updated_at`, as after a membership change through the API.
 */
import { tenantOnly } from "../repositories/tenant-filter.js";
import type { PersonReferenceMover } from "./person-reference-mover.js";

export const moveListMemberships: PersonReferenceMover = {
  kind: "list_memberships",
  async move({ db, tenantUuid, canonicalUuid, supersededUuid, now }) {
    const membershipsOf = async (entityUuid: string) =>
      (
        await db
          .selectFrom("entity_list_members")
          .select("list_uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("entity_uuid", "=", entityUuid)
          .execute()
      ).map((row) => row.list_uuid);
    const canonicalLists = new Set(await membershipsOf(canonicalUuid));
    const supersededLists = await membershipsOf(supersededUuid);
    for (const listUuid of supersededLists) {
      if (canonicalLists.has(listUuid)) {
        await db
          .deleteFrom("entity_list_members")
          .where("tenant_uuid", "=", tenantUuid)
          .where("list_uuid", "=", listUuid)
          .where("entity_uuid", "=", supersededUuid)
          .execute();
      } else {
        await db
          .updateTable("entity_list_members")
          .set({ entity_uuid: canonicalUuid })
          .where("tenant_uuid", "=", tenantUuid)
          .where("list_uuid", "=", listUuid)
          .where("entity_uuid", "=", supersededUuid)
          .execute();
      }
    }
    if (supersededLists.length > 0) {
      await db.updateTable("entity_lists").set({ updated_at: now }).where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("uuid", "in", supersededLists).execute();
    }
    return supersededLists.length;
  },
};
