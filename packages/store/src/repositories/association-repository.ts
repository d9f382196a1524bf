/**
 * Associations: direction-free links between two records. A link is stored once, in the direction
 * it was made, and every record on either side sees it (as `entity_*` = the other side).
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { AssociationsTable, Database } from "../database-schema.js";
import { ASSOCIATION_OWNER_TYPES, ENTITY_TYPES, type AssociationOwnerType, type EntityType, type LinkedEntity, type LinkResult } from "../deal-records.js";
import { assertAllowedValue } from "./allowed-value.js";
import type { AssociationRepository, Viewer } from "../deal-store.js";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { entityActivitySource, refreshOpportunityActivity } from "./opportunity-activity.js";
import { linksOthersSee, tasksOfLinks } from "./links-others-see.js";
import { sidesOfLinks, stampNotesAndTasksChanged } from "./note-and-task-change-stamp.js";
import { opportunitiesOfLinks, stampOpportunitiesChanged } from "./opportunity-change-stamp.js";
import { toOpportunityType } from "./opportunity-type-repository.js";
import { recentOpportunityLinks } from "./recent-opportunity-links.js";
import { deepFreeze } from "./remembered-records.js";
import { existingRecords } from "./record-lookup-repository.js";
import { missingLinkTarget } from "./missing-link-target.js";
import { refuseAnotherUsersLinkOwner } from "./owner-rules.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";

export interface RecordRef {
  type: EntityType;
  uuid: string;
}

/** The same key for A→B and B→A. */
export function linkKey(left: RecordRef, right: RecordRef): string {
  return [`${left.type}:${left.uuid}`, `${right.type}:${right.uuid}`].sort().join("|");
}

/** The link as seen from `viewpoint`: the other side becomes `entity_*`. */
export function seenFrom(row: AssociationsTable, viewpoint: RecordRef): LinkedEntity {
  const fromOwner = row.owner_type === viewpoint.type && row.owner_uuid === viewpoint.uuid;
  return {
    uuid: row.uuid,
    association_type: `${row.owner_type}_TO_${row.entity_type}`,
    entity_type: (fromOwner ? row.entity_type : row.owner_type) as EntityType,
    entity_uuid: fromOwner ? row.entity_uuid : row.owner_uuid,
    context: row.context,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Every link row touching any of `records` (of one type), oldest first. */
export async function linkRowsOf(
  db: Kysely<Database>,
  tenantUuid: string,
  recordType: EntityType,
  recordUuids: readonly string[],
): Promise<AssociationsTable[]> {
  if (recordUuids.length === 0) return [];
  const uuids = [...new Set(recordUuids)];
  // One query per side: with `owner ... or entity ...` in one WHERE, SQLite walks every link of the
  // tenant instead of seeking each side through its own index.
  const side = (type: "owner" | "entity") =>
    db
      .selectFrom("associations")
      .selectAll()
      .where("tenant_uuid", "=", tenantUuid)
      .where(`${type}_uuid`, "in", uuids)
      .where(`${type}_type`, "=", recordType)
      .execute();
  const byUuid = new Map<string, AssociationsTable>();
  for (const row of [...(await side("owner")), ...(await side("entity"))]) byUuid.set(row.uuid, row);
  return [...byUuid.values()].sort(
    (left, right) => Number(left.created_at) - Number(right.created_at) || (left.uuid < right.uuid ? -1 : left.uuid > right.uuid ? 1 : 0),
  );
}

/** Drops links whose other side is gone or not visible to the viewer (another user's PERSONAL task). */
export async function visibleLinks<Link extends LinkedEntity>(
  db: Kysely<Database>,
  tenantUuid: string,
  links: readonly Link[],
  viewer: Viewer,
): Promise<Link[]> {
  const byType = new Map<EntityType, string[]>();
  for (const link of links) byType.set(link.entity_type, [...(byType.get(link.entity_type) ?? []), link.entity_uuid]);
  const visible = new Map<EntityType, Set<string>>();
  for (const [type, uuids] of byType) visible.set(type, await existingRecords(db, tenantUuid, type, uuids, viewer));
  return links.filter((link) => visible.get(link.entity_type)?.has(link.entity_uuid));
}

/** Links of many records of one type, seen from each, visible to the viewer. */
export async function loadLinks(
  db: Kysely<Database>,
  tenantUuid: string,
  recordType: EntityType,
  recordUuids: readonly string[],
  viewer: Viewer,
): Promise<Map<string, LinkedEntity[]>> {
  const rows = await linkRowsOf(db, tenantUuid, recordType, recordUuids);
  const wanted = new Set(recordUuids);
  const seen: Array<{ record: string; link: LinkedEntity }> = [];
  for (const row of rows) {
    for (const side of [
      { type: row.owner_type, uuid: row.owner_uuid },
      { type: row.entity_type, uuid: row.entity_uuid },
    ]) {
      if (side.type === recordType && wanted.has(side.uuid)) {
        seen.push({ record: side.uuid, link: seenFrom(row, { type: recordType, uuid: side.uuid }) });
      }
    }
  }
  const visible = new Set(await visibleLinks(db, tenantUuid, seen.map((item) => item.link), viewer));
  const byRecord = new Map<string, LinkedEntity[]>();
  for (const item of seen) {
    if (!visible.has(item.link)) continue;
    byRecord.set(item.record, [...(byRecord.get(item.record) ?? []), item.link]);
  }
  return byRecord;
}

/**
 * Inserts the links of a new record (targets already checked); duplicates in the request collapse. Linked
 * opportunities change (their records list the link); the owner is the caller's to stamp.
 */
export async function insertLinks(
  context: RepositoryContext,
  tenantUuid: string,
  owner: { type: AssociationOwnerType; uuid: string },
  targets: ReadonlyArray<{ type: EntityType; uuid: string; context?: string | null | undefined }>,
): Promise<void> {
  const { db, now, generateId } = context;
  const timestamp = now(tenantUuid);
  const seen = new Set<string>();
  for (const target of targets) {
    const key = linkKey(owner, target);
    if (seen.has(key)) continue;
    seen.add(key);
    await db
      .insertInto("associations")
      .values({
        uuid: generateId(),
        tenant_uuid: tenantUuid,
        owner_type: owner.type,
        owner_uuid: owner.uuid,
        entity_type: target.type,
        entity_uuid: target.uuid,
        link_key: key,
        context: target.context ?? null,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .onConflict((conflict) => conflict.columns(["tenant_uuid", "link_key"]).doNothing())
      .execute();
  }
  const made = targets.map((target) => ({ owner_type: owner.type, owner_uuid: owner.uuid, entity_type: target.type, entity_uuid: target.uuid }));
  const shown = await linksOthersSee(db, tenantUuid, made);
  await stampOpportunitiesChanged(db, tenantUuid, shown.filter((link) => link.entity_type === "OPPORTUNITY").map((link) => link.entity_uuid), timestamp);
  await stampNotesAndTasksChanged(db, tenantUuid, [...shown.map((link) => ({ type: link.entity_type, uuid: link.entity_uuid })), ...targets.filter((target) => target.type === "TASK")], timestamp);
}

/** Removes every link touching the records (when they are deleted); the live opportunities they linked change at `timestamp`. */
export async function deleteLinksOf(db: Kysely<Database>, tenantUuid: string, recordType: EntityType, recordUuids: readonly string[], timestamp: number) {
  if (recordUuids.length === 0) return;
  const uuids = [...new Set(recordUuids)];
  const sides = ["owner_type", "owner_uuid", "entity_type", "entity_uuid"] as const;
  // One statement per side, each a seek into its index: with the two sides OR-ed in one statement, SQLite's
  // planner read every link of the tenant (250,000 at benchmark scale L) for each deleted record.
  const owned = await db.deleteFrom("associations").where("tenant_uuid", "=", tenantUuid).where("owner_type", "=", recordType).where("owner_uuid", "in", uuids).returning(sides).execute();
  const targeted = await db.deleteFrom("associations").where("tenant_uuid", "=", tenantUuid).where("entity_type", "=", recordType).where("entity_uuid", "in", uuids).returning(sides).execute();
  const removed = [...owned, ...targeted];
  const shown = await linksOthersSee(db, tenantUuid, removed);
  await stampOpportunitiesChanged(db, tenantUuid, opportunitiesOfLinks(shown), timestamp);
  await stampNotesAndTasksChanged(db, tenantUuid, [...sidesOfLinks(shown), ...tasksOfLinks(removed)], timestamp);
}

/**
 * Throws InvalidInputError unless the opportunity keeps the person/company links its type pins, of the kinds
 * `checked` only when given: removing a link answers for its own kind, not for a kind pinned after the fact.
 */
export async function checkPinnedLinks(
  db: Kysely<Database>,
  tenantUuid: string,
  opportunityUuid: string,
  typeUuid: string,
  checked?: readonly EntityType[],
): Promise<void> {
  const typeRow = await db
    .selectFrom("opportunity_types")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", typeUuid)
    .executeTakeFirst();
  if (!typeRow) return;
  const { pinning_config: pinning, label } = toOpportunityType(typeRow);
  const required = [
    ...(pinning.person_required ? (["PERSON"] as const) : []),
    ...(pinning.company_required ? (["COMPANY"] as const) : []),
  ];
  for (const entityType of required) {
    if (checked && !checked.includes(entityType)) continue;
    const links = await db
      .selectFrom("associations")
      .select("entity_uuid")
      .where("tenant_uuid", "=", tenantUuid)
      .where("owner_type", "=", "OPPORTUNITY")
      .where("owner_uuid", "=", opportunityUuid)
      .where("entity_type", "=", entityType)
      .execute();
    const live = await existingRecords(db, tenantUuid, entityType, links.map((link) => link.entity_uuid), { user_uuid: null });
    if (live.size === 0) {
      throw new InvalidInputError(
        `the opportunity type '${label}' requires a ${entityType} association (pinning_config): include one in associations`,
      );
    }
  }
}

export function createAssociationRepository(context: RepositoryContext): AssociationRepository {
  const { db, now } = context;
  return {
    async opportunitiesOf(tenantUuid, entityType, entityUuids) {
      const byEntity = new Map<string, string[]>();
      const unique = [...new Set(entityUuids)];
      for (let start = 0; start < unique.length; start += 500) {
        // Through the covering index of opportunity links: under the store's sampled statistics SQLite
        // walked every link of the tenant through associations_owner (recent-opportunity-links.test.ts).
        const { rows } = await sql<{ entity_uuid: string; opportunity_uuid: string }>`
          select a.entity_uuid, a.owner_uuid as opportunity_uuid
          from associations a indexed by associations_opportunity_links
          join opportunities o on o.uuid = a.owner_uuid
          where a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.entity_type = ${entityType}
            and a.entity_uuid in (${sql.join(unique.slice(start, start + 500))}) and o.deleted_at is null
          order by a.owner_uuid`.execute(db);
        for (const row of rows) byEntity.set(row.entity_uuid, [...(byEntity.get(row.entity_uuid) ?? []), row.opportunity_uuid]);
      }
      return byEntity;
    },
    async recentOpportunitiesOf(tenantUuid, entityType, entityUuids, limit) {
      const byEntity = new Map<string, { total: number; recent: string[] }>();
      const unique = [...new Set(entityUuids)];
      // A busy contact is linked to thousands of opportunities: remembered until a deal or link changes.
      const remembered = context.remembered && !db.isTransaction ? context.remembered.dealLinkSignals.valuesOf(tenantUuid) : null;
      const keyOf = (uuid: string) => `${entityType}:${limit}:${uuid}`;
      const missing: string[] = [];
      for (const uuid of unique) {
        const known = remembered?.get(keyOf(uuid));
        if (known === undefined) missing.push(uuid);
        else if (known !== null) byEntity.set(uuid, known);
      }
      for (let start = 0; start < missing.length; start += 500) {
        const links = await recentOpportunityLinks(db, tenantUuid, entityType, missing.slice(start, start + 500), limit);
        for (const [uuid, found] of links) byEntity.set(uuid, found);
      }
      // Shared by every later caller while remembered, so frozen like every remembered record.
      if (remembered) for (const uuid of missing) remembered.set(keyOf(uuid), deepFreeze(byEntity.get(uuid) ?? null));
      return byEntity;
    },
    async link(tenantUuid, owner, target, viewer, options = {}) {
      assertAllowedValue(ASSOCIATION_OWNER_TYPES, owner.type, "owner.type", "associations.link");
      assertAllowedValue(ENTITY_TYPES, target.type, "target.type", "associations.link");
      if (owner.type === target.type && owner.uuid === target.uuid) {
        throw new InvalidInputError("a record cannot be associated with itself");
      }
      return withTransaction(db, async (transaction): Promise<LinkResult> => {
        // Checked here, not by the caller beforehand: a deletion in between would leave a link to nothing, a change
        // of owner a member's link on another user's note or opportunity.
        await refuseAnotherUsersLinkOwner(transaction, tenantUuid, owner, options.asMember);
        const missing = await missingLinkTarget(transaction, tenantUuid, [owner, target], viewer);
        if (missing) throw new NotFoundError(missing);
        const key = linkKey(owner, target);
        const before = await transaction
          .selectFrom("associations")
          .select("uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("link_key", "=", key)
          .executeTakeFirst();
        if (!before) {
          await insertLinks({ ...context, db: transaction }, tenantUuid, owner, [target]);
          const made = { owner_type: owner.type, owner_uuid: owner.uuid, entity_type: target.type, entity_uuid: target.uuid };
          // The owner's record lists the link; to everyone but a PERSONAL task's creator it lists none, and does not change.
          if (owner.type === "TASK" || (await linksOthersSee(transaction, tenantUuid, [made])).length > 0) {
            if (owner.type === "OPPORTUNITY") await stampOpportunitiesChanged(transaction, tenantUuid, [owner.uuid], now(tenantUuid));
            await stampNotesAndTasksChanged(transaction, tenantUuid, [owner], now(tenantUuid));
          }
          if (owner.type === "OPPORTUNITY" && (target.type === "PERSON" || target.type === "COMPANY")) {
            await refreshOpportunityActivity(transaction, tenantUuid, [owner.uuid], { source: entityActivitySource(context, transaction, tenantUuid), now: now() });
          }
        }
        const row = await transaction
          .selectFrom("associations")
          .selectAll()
          .where("tenant_uuid", "=", tenantUuid)
          .where("link_key", "=", key)
          .executeTakeFirstOrThrow();
        return { link: seenFrom(row, owner), created: !before };
      });
    },
    async list(tenantUuid, recordType, recordUuid, viewer) {
      return (await loadLinks(db, tenantUuid, recordType, [recordUuid], viewer)).get(recordUuid) ?? [];
    },
    async unlink(tenantUuid, recordType, recordUuid, linkUuid, viewer, options = {}) {
      return withTransaction(db, async (transaction) => {
        await refuseAnotherUsersLinkOwner(transaction, tenantUuid, { type: recordType, uuid: recordUuid }, options.asMember);
        const row = await transaction
          .selectFrom("associations")
          .selectAll()
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", linkUuid)
          .executeTakeFirst();
        const touches =
          row &&
          ((row.owner_type === recordType && row.owner_uuid === recordUuid) ||
            (row.entity_type === recordType && row.entity_uuid === recordUuid));
        if (!row || !touches) return false;
        // A link the record's list leaves out (to another user's PERSONAL task) is not the viewer's to remove.
        const other = seenFrom(row, { type: recordType, uuid: recordUuid });
        if ((await visibleLinks(transaction, tenantUuid, [other], viewer)).length === 0) return false;
        await transaction.deleteFrom("associations").where("uuid", "=", linkUuid).execute();
        const shown = await linksOthersSee(transaction, tenantUuid, [row]);
        await stampOpportunitiesChanged(transaction, tenantUuid, opportunitiesOfLinks(shown), now(tenantUuid));
        await stampNotesAndTasksChanged(transaction, tenantUuid, [...sidesOfLinks(shown), ...tasksOfLinks([row])], now(tenantUuid));
        if (row.owner_type === "OPPORTUNITY" && (row.entity_type === "PERSON" || row.entity_type === "COMPANY")) {
          const opportunity = await transaction
            .selectFrom("opportunities")
            .select("type_uuid")
            .where("tenant_uuid", "=", tenantUuid)
            .where("uuid", "=", row.owner_uuid)
            .where("deleted_at", "is", null)
            .executeTakeFirst();
          if (opportunity) {
            await checkPinnedLinks(transaction, tenantUuid, row.owner_uuid, opportunity.type_uuid, [row.entity_type as EntityType]);
            await refreshOpportunityActivity(transaction, tenantUuid, [row.owner_uuid], { source: entityActivitySource(context, transaction, tenantUuid), now: now() });
          }
        }
        return true;
      });
    },
  };
}

/**
 * SQL condition: the record (`recordType`, column `recordColumn`) is linked to `entity`, in either direction. One
 * `exists` a side, each seeking its links by the record's key: as one `exists` with `(owner side) or (entity side)`,
 * SQLite 3.53 failed to plan it under statistics ("internal query planner error") when a bound type was
 * `OPPORTUNITY`, the condition of the partial index of opportunity links.
 */
export function linkedToCondition(
  tenantUuid: string,
  recordType: EntityType,
  recordColumn: string,
  entity: RecordRef,
): Expression<SqlBool> {
  const record = sql.ref(recordColumn);
  return sql<SqlBool>`(exists (select 1 from associations l where l.tenant_uuid = ${tenantUuid}
      and l.owner_type = ${recordType} and l.owner_uuid = ${record} and l.entity_type = ${entity.type} and l.entity_uuid = ${entity.uuid})
    or exists (select 1 from associations l where l.tenant_uuid = ${tenantUuid}
      and l.entity_type = ${recordType} and l.entity_uuid = ${record} and l.owner_type = ${entity.type} and l.owner_uuid = ${entity.uuid}))`;
}
