/**
 * @module
 * The owner-or-administrator rules a member's write (`MemberWriteOptions.asMember`) is held to, checked on the record
 * as the write's own transaction reads it: a check made beforehand misses an owner changed in between.
 */
import type { Kysely } from "kysely";
import type { Database, NotesTable, OpportunitiesTable } from "../database-schema.js";
import type { AssociationOwnerType } from "../deal-records.js";
import { ForbiddenError, NotFoundError } from "../errors.js";

/** Refuses a member's write to a note another user owns. */
export function refuseAnotherUsersNote(row: Pick<NotesTable, "owner_user_uuid">, asMember: string | undefined): void {
  if (asMember !== undefined && row.owner_user_uuid !== asMember) {
    throw new ForbiddenError("only the note's owner or an administrator may change or delete it");
  }
}

type OpportunityOwners = Pick<OpportunitiesTable, "owner_user_uuid" | "created_by_user_uuid">;

/**
 * Refuses a member's write (a change, a link, or a deletion with these sub-opportunities) that would take an
 * opportunity the member neither owns nor created: the opportunity itself or one of its sub-opportunities.
 */
export function refuseAnotherUsersOpportunity(
  memberUuid: string,
  opportunity: OpportunityOwners,
  children: readonly (OpportunityOwners & Pick<OpportunitiesTable, "uuid" | "name">)[] = [],
): void {
  const othersOf = (record: OpportunityOwners) => record.owner_user_uuid !== memberUuid && record.created_by_user_uuid !== memberUuid;
  if (othersOf(opportunity)) throw new ForbiddenError("only the opportunity's owner, its creator or an administrator may change it");
  const foreign = children.find(othersOf);
  if (foreign) {
    throw new ForbiddenError(
      `sub-opportunity ${foreign.uuid} ('${foreign.name}') is another user's and would be deleted with this opportunity: only its owner, its creator or an administrator may delete it`,
    );
  }
}

/**
 * Refuses a member's link or unlink on a note or opportunity another user holds (ForbiddenError). A task's rule is its
 * visibility (a PERSONAL task is its creator's alone), which the viewer's reads check; a record not found is left to
 * the caller's own check.
 */
export async function refuseAnotherUsersLinkOwner(
  db: Kysely<Database>,
  tenantUuid: string,
  owner: { type: AssociationOwnerType; uuid: string },
  asMember: string | undefined,
): Promise<void> {
  if (asMember === undefined) return;
  if (owner.type === "NOTE") {
    const note = await db.selectFrom("notes").select("owner_user_uuid").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", owner.uuid).where("deleted_at", "is", null).executeTakeFirst();
    if (note) refuseAnotherUsersNote(note, asMember);
  } else if (owner.type === "OPPORTUNITY") {
    const opportunity = await db
      .selectFrom("opportunities")
      .select(["owner_user_uuid", "created_by_user_uuid"])
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", owner.uuid)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (opportunity) refuseAnotherUsersOpportunity(asMember, opportunity);
  }
}

/**
 * Refuses a member's write to an entity list it does not own (one without an owner included) as missing, a
 * NotFoundError: to a member, another user's list does not exist (spec, Authentication 5).
 */
export async function refuseAnotherUsersList(db: Kysely<Database>, tenantUuid: string, listUuid: string, asMember: string | undefined): Promise<void> {
  if (asMember === undefined) return;
  const list = await db.selectFrom("entity_lists").select("owner_user_uuid").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", listUuid).executeTakeFirst();
  if (list && list.owner_user_uuid !== asMember) throw new NotFoundError(`list ${listUuid} not found`);
}
