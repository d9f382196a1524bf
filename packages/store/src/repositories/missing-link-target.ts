/** The first side of a link that does not exist, checked inside the transaction that writes the link. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { EntityType } from "../deal-records.js";
import type { Viewer } from "../deal-store.js";
import { mergedAwayCompanies, mergedAwayNote, mergedAwayPersons } from "./merged-away-persons.js";
import { existingRecords } from "./record-lookup-repository.js";

/**
 * `"<TYPE> <uuid> not found"` for the first of `records` (in the given order) that is not a live record of the
 * tenant visible to the viewer (naming where a merged-away person or company went), or null when all are. Run inside the
 * writing transaction: a check made before it lets a deletion in between leave a link to nothing.
 */
export async function missingLinkTarget(
  db: Kysely<Database>,
  tenantUuid: string,
  records: ReadonlyArray<{ type: EntityType; uuid: string }>,
  viewer: Viewer,
): Promise<string | null> {
  const byType = new Map<EntityType, string[]>();
  for (const record of records) byType.set(record.type, [...(byType.get(record.type) ?? []), record.uuid]);
  const found = new Map<EntityType, Set<string>>();
  for (const [type, uuids] of byType) found.set(type, await existingRecords(db, tenantUuid, type, uuids, viewer));
  const missing = records.find((record) => !found.get(record.type)!.has(record.uuid));
  if (!missing) return null;
  const note =
    missing.type === "PERSON"
      ? mergedAwayNote((await mergedAwayPersons(db, tenantUuid, [missing.uuid])).get(missing.uuid))
      : missing.type === "COMPANY"
        ? mergedAwayNote((await mergedAwayCompanies(db, tenantUuid, [missing.uuid])).get(missing.uuid), "company")
        : "";
  return `${missing.type} ${missing.uuid} not found${note}`;
}
