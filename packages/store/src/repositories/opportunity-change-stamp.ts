/**
 * @module
 * An opportunity's `updated_at` moves when its associations change: its record lists them (and counts its notes
 * and files), so a client polling `updated_after` must get it again. Written in the link's own transaction.
 */
import type { Kysely } from "kysely";
import type { AssociationsTable, Database } from "../database-schema.js";
import { tenantOnly } from "./tenant-filter.js";

/** Sets `updated_at` of the live opportunities among `opportunityUuids` to `timestamp`. */
export async function stampOpportunitiesChanged(
  db: Kysely<Database>,
  tenantUuid: string,
  opportunityUuids: Iterable<string>,
  timestamp: number,
): Promise<void> {
  const uuids = [...new Set(opportunityUuids)];
  if (uuids.length === 0) return;
  await db
    .updateTable("opportunities")
    .set({ updated_at: timestamp })
    // By key, the tenant condition unindexed: under statistics like scale L's, `tenant_uuid = ? and uuid in (...)`
    // of hundreds walked every opportunity of the tenant.
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", uuids)
    .where("deleted_at", "is", null)
    .execute();
}

/** The opportunities on either side of `links`. */
export function opportunitiesOfLinks(links: ReadonlyArray<Pick<AssociationsTable, "owner_type" | "owner_uuid" | "entity_type" | "entity_uuid">>): string[] {
  return links.flatMap((link) => [
    ...(link.owner_type === "OPPORTUNITY" ? [link.owner_uuid] : []),
    ...(link.entity_type === "OPPORTUNITY" ? [link.entity_uuid] : []),
  ]);
}
