/** Moves the deal workspace's references from a superseded person to the canonical one (person merge). */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { moveEntityLinks } from "./move-entity-links.js";
import { refreshOpportunityActivity } from "./opportunity-activity.js";
import { withTransaction } from "./repository-context.js";

/**
 * Re-points, in one transaction (or inside the caller's): every association to `fromPersonUuid`
 * (from opportunities, notes and tasks) and every opportunity's intro person. A record linked to
 * both persons keeps one link, the canonical person's. Refreshes the moved opportunities'
 * last-activity dates.
 *
 * @example
 * await db.transaction().execute(async (transaction) => {
 *   await repointPersonReferences(transaction, tenantUuid, supersededUuid, canonicalUuid);
 *   // ... move the person's own data, remove the superseded record
 * });
 */
export async function repointPersonReferences(
  db: Kysely<Database>,
  tenantUuid: string,
  fromPersonUuid: string,
  toPersonUuid: string,
  now: (tenantUuid?: string) => number = Date.now,
): Promise<void> {
  if (fromPersonUuid === toPersonUuid) return;
  await withTransaction(db, async (transaction) => {
    const timestamp = now(tenantUuid);
    const { opportunities } = await movePersonReferences(transaction, tenantUuid, fromPersonUuid, toPersonUuid, timestamp);
    await refreshOpportunityActivity(transaction, tenantUuid, opportunities, { now: timestamp });
  });
}

/**
 * The moves of `repointPersonReferences`, in the caller's transaction, without refreshing any activity
 * date: for a person merge, which raises the dates once its movers have run. Answers how many references
 * moved (links, a duplicate dropped not among them, and intro persons) and the opportunities whose links moved.
 */
export async function movePersonReferences(
  db: Kysely<Database>,
  tenantUuid: string,
  fromPersonUuid: string,
  toPersonUuid: string,
  timestamp: number,
): Promise<{ moved: number; opportunities: string[] }> {
  const { links, opportunities } = await moveEntityLinks(db, tenantUuid, "PERSON", fromPersonUuid, toPersonUuid, timestamp);
  const intros = await db
    .updateTable("opportunities")
    .set({ intro_person_uuid: toPersonUuid, updated_at: timestamp })
    .where("tenant_uuid", "=", tenantUuid)
    .where("intro_person_uuid", "=", fromPersonUuid)
    .executeTakeFirst();
  return { moved: links + Number(intros.numUpdatedRows), opportunities };
}
