/** @module The steps every merge shares: its movers in order, then its record with what each moved. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { PersonMoveContext, PersonReferenceMover } from "./person-reference-mover.js";

/**
 * Runs `movers` in order inside the merge transaction; the rows each moved, by its kind.
 * @example await moveReferences(companyReferenceMovers, { db, tenantUuid, canonicalUuid, supersededUuid, now }); // { affiliations: 3, ... }
 */
export async function moveReferences(movers: readonly PersonReferenceMover[], context: PersonMoveContext): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const mover of movers) moved[mover.kind] = await mover.move(context);
  return moved;
}

/**
 * Records the merge in `table` (`person_merges` or `company_merges`): who merged what into what, when, and the rows
 * each mover moved.
 * @example await recordMerge(db, "company_merges", { db, tenantUuid, canonicalUuid, supersededUuid, now }, null, moved);
 */
export async function recordMerge(
  db: Kysely<Database>,
  table: "person_merges" | "company_merges",
  merge: PersonMoveContext,
  mergedByUserUuid: string | null,
  moved: Record<string, number>,
): Promise<void> {
  await db
    .insertInto(table)
    .values({
      tenant_uuid: merge.tenantUuid,
      superseded_uuid: merge.supersededUuid,
      canonical_uuid: merge.canonicalUuid,
      merged_at: merge.now,
      merged_by_user_uuid: mergedByUserUuid,
      moved: JSON.stringify(moved),
    })
    .execute();
}
