/** @module Moves the links (associations) from opportunities, notes and tasks to one person or company onto another. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { AssociationOwnerType } from "../deal-records.js";
import { linkKey } from "./association-repository.js";
import { stampNotesAndTasksChanged } from "./note-and-task-change-stamp.js";
import { stampOpportunitiesChanged } from "./opportunity-change-stamp.js";

/**
 * Re-points every link to `fromUuid` (a person or a company, `entityType`) at `toUuid`, in the caller's transaction:
 * a record linked to both keeps one link, the one to `toUuid`. The records whose links moved are stamped changed, so
 * `updated_after` pollers get them again. Answers how many links moved (a duplicate dropped is not among them, as a
 * merge's `moved` counts) and the opportunities among their owners (whose activity dates the caller refreshes).
 *
 * @example
 * const { links, opportunities } = await moveEntityLinks(transaction, tenantUuid, "COMPANY", supersededUuid, canonicalUuid, now);
 */
export async function moveEntityLinks(
  db: Kysely<Database>,
  tenantUuid: string,
  entityType: "PERSON" | "COMPANY",
  fromUuid: string,
  toUuid: string,
  timestamp: number,
): Promise<{ links: number; opportunities: string[] }> {
  const touchedOpportunities = new Set<string>();
  let moved = 0;
  const links = await db
    .selectFrom("associations")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("entity_type", "=", entityType)
    .where("entity_uuid", "=", fromUuid)
    .execute();
  for (const link of links) {
    const owner = { type: link.owner_type as AssociationOwnerType, uuid: link.owner_uuid };
    const key = linkKey(owner, { type: entityType, uuid: toUuid });
    const existing = await db.selectFrom("associations").select("uuid").where("tenant_uuid", "=", tenantUuid).where("link_key", "=", key).executeTakeFirst();
    if (existing) {
      await db.deleteFrom("associations").where("uuid", "=", link.uuid).execute();
    } else {
      await db.updateTable("associations").set({ entity_uuid: toUuid, link_key: key, updated_at: timestamp }).where("uuid", "=", link.uuid).execute();
      moved += 1;
    }
    if (link.owner_type === "OPPORTUNITY") touchedOpportunities.add(link.owner_uuid);
  }
  // The opportunities' associations now name the other record: pollers of updated_after get them again.
  await stampOpportunitiesChanged(db, tenantUuid, touchedOpportunities, timestamp);
  await stampNotesAndTasksChanged(db, tenantUuid, links.map((link) => ({ type: link.owner_type, uuid: link.owner_uuid })), timestamp);
  return { links: moved, opportunities: [...touchedOpportunities] };
}
