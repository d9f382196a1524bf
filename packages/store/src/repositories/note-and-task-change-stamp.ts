/**
 * @module
 * A note's or a task's `updated_at` moves when its links change, from either side (a link made or removed, a
 * linked record deleted, a linked person merged or erased): its record lists them, so a client polling
 * `updated_after` must get it again. Written in the link's own transaction, as for opportunities.
 */
import type { Kysely } from "kysely";
import type { AssociationsTable, Database } from "../database-schema.js";
import type { EntityType } from "../deal-records.js";
import { tenantOnly } from "./tenant-filter.js";

/** A record on one side of a link. */
export interface LinkedRecordRef {
  type: EntityType | string;
  uuid: string;
}

/** Sets `updated_at` of the live notes and tasks among `records` (records of other types are ignored) to `timestamp`. */
export async function stampNotesAndTasksChanged(
  db: Kysely<Database>,
  tenantUuid: string,
  records: Iterable<LinkedRecordRef>,
  timestamp: number,
): Promise<void> {
  const notes = new Set<string>();
  const tasks = new Set<string>();
  for (const record of records) {
    if (record.type === "NOTE") notes.add(record.uuid);
    else if (record.type === "TASK") tasks.add(record.uuid);
  }
  for (const [table, uuids] of [
    ["notes", notes],
    ["tasks", tasks],
  ] as const) {
    if (uuids.size === 0) continue;
    await db
      .updateTable(table)
      .set({ updated_at: timestamp })
      // By key, the tenant condition unindexed, as for opportunities.
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", [...uuids])
      .where("deleted_at", "is", null)
      .execute();
  }
}

/** Both sides of `links`, for `stampNotesAndTasksChanged`. */
export function sidesOfLinks(links: ReadonlyArray<Pick<AssociationsTable, "owner_type" | "owner_uuid" | "entity_type" | "entity_uuid">>): LinkedRecordRef[] {
  return links.flatMap((link) => [
    { type: link.owner_type, uuid: link.owner_uuid },
    { type: link.entity_type, uuid: link.entity_uuid },
  ]);
}
