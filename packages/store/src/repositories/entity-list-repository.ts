/** Entity lists (named collections of companies or persons) and their members. */
import { withWriteStamp } from "./write-stamps.js";
import { sql, type Kysely } from "kysely";
import type { Database, EntityListsTable } from "../database-schema.js";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { keysetPage } from "../pagination/keyset-page.js";
import { ENTITY_LIST_KINDS, type EntityList, type EntityListKind } from "../records.js";
import { assertAllowedValue } from "./allowed-value.js";
import { mergedAwayCompanies, mergedAwayPersons } from "./merged-away-persons.js";
import { nameSortKey } from "./name-sort-key.js";
import { mendKeys } from "./mend-keys.js";
import { assertNonBlankFields, assertNonBlankText, assertRequiredFields } from "./required-fields.js";
import type { MemberWriteOptions } from "../deal-store.js";
import type { EntityListChanges, EntityListRepository } from "../store.js";
import { activeOwnerUuid } from "./active-owner-uuid.js";
import { refuseAnotherUsersList } from "./owner-rules.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";

/** A list as written, without the key its name is ordered by. */
type ListColumns = Omit<EntityListsTable, "name_sort_key">;
type ListRow = ListColumns & { member_count: number | string | bigint };

function toEntityList(row: ListRow): EntityList {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    name: row.name,
    kind: row.kind as EntityListKind,
    owner_user_uuid: row.owner_user_uuid,
    member_count: Number(row.member_count),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

const kindTable = (kind: EntityListKind) => (kind === "companies" ? "companies" : "persons");
const otherKind = (kind: EntityListKind): EntityListKind => (kind === "companies" ? "persons" : "companies");
const singular = (kind: EntityListKind) => (kind === "companies" ? "company" : "person");

async function liveUuids(db: Kysely<Database>, tenantUuid: string, kind: EntityListKind, uuids: readonly string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .selectFrom(kindTable(kind))
    .select("uuid")
    // By key, the tenant condition unindexed: under statistics like scale L's, hundreds of members to add walked
    // every person or company of the tenant.
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("deleted_at", "is", null)
    .where("uuid", "in", [...uuids])
    .execute();
  return new Set(rows.map((row) => row.uuid));
}

export function createEntityListRepository(context: RepositoryContext): EntityListRepository {
  const { db, now, generateId } = context;
  const listsWithCounts = (tenantUuid: string) =>
    db
      .selectFrom("entity_lists")
      .selectAll("entity_lists")
      .select((select) =>
        select
          .selectFrom("entity_list_members")
          .select(sql<number>`count(*)`.as("count"))
          .whereRef("entity_list_members.list_uuid", "=", "entity_lists.uuid")
          .as("member_count"),
      )
      .where("entity_lists.tenant_uuid", "=", tenantUuid);

  const getList = async (tenantUuid: string, listUuid: string) => {
    const row = await listsWithCounts(tenantUuid).where("entity_lists.uuid", "=", listUuid).executeTakeFirst();
    return row ? toEntityList(row as ListRow) : null;
  };

  const updateList = async (tenantUuid: string, listUuid: string, changes: EntityListChanges, { asMember }: MemberWriteOptions = {}) => {
    const updated = await withTransaction(db, async (transaction) => {
      await refuseAnotherUsersList(transaction, tenantUuid, listUuid, asMember);
      const list = await transaction
        .selectFrom("entity_lists")
        .select(["uuid", "tenant_uuid", "owner_user_uuid", "name", "name_sort_key"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", listUuid)
        .executeTakeFirst();
      if (!list) return false;
      const set: Partial<EntityListsTable> = { updated_at: now(tenantUuid) };
      if (changes.name !== undefined) Object.assign(set, { name: changes.name, name_sort_key: nameSortKey(changes.name) });
      const owner = changes.owner_user_uuid;
      // The owner as read is taken back as is, though since deactivated (a GET then PUT of the same fields).
      if (owner !== undefined && owner !== list.owner_user_uuid) set.owner_user_uuid = owner === null ? null : await activeOwnerUuid(transaction, tenantUuid, owner);
      await transaction.updateTable("entity_lists").set(set).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", listUuid).execute();
      // A name's key that differs from the name (a row edited by hand) is mended by any write of the list.
      if (changes.name === undefined) await mendKeys(transaction, "entity_lists", list, [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }]);
      return true;
    });
    return updated ? getList(tenantUuid, listUuid) : null;
  };

  return {
    async create(input) {
      assertRequiredFields(input, ["tenant_uuid", "name"], "entityLists.create");
      assertNonBlankFields(input, ["name"], "entityLists.create");
      assertAllowedValue(ENTITY_LIST_KINDS, input.kind, "kind", "entityLists.create");
      // Stamped under the write lock (an immediate transaction), as every change time a poller filters on.
      const row = await withTransaction(db, async (transaction) => {
        const timestamp = now(input.tenant_uuid);
        const created: ListColumns = {
          uuid: generateId(),
          tenant_uuid: input.tenant_uuid,
          name: input.name,
          kind: input.kind,
          owner_user_uuid: input.owner_user_uuid,
          created_at: timestamp,
          updated_at: timestamp,
        };
        await transaction.insertInto("entity_lists").values({ ...created, name_sort_key: nameSortKey(created.name) }).execute();
        return created;
      });
      return toEntityList({ ...row, member_count: 0 });
    },
    get: getList,
    async list(tenantUuid, request) {
      let query = listsWithCounts(tenantUuid);
      if (request.kind) query = query.where("entity_lists.kind", "=", request.kind);
      if (request.updated_after !== undefined) query = query.where("entity_lists.updated_at", ">=", request.updated_after);
      const direction = request.order ?? "asc";
      const page = await keysetPage(
        query,
        [
          // By name: the persons' and companies' name order (migration 0083), so neither case nor accents split the
          // alphabet ("Zeta" before "alpha", "Émile" after "Zeta").
          { column: request.sort_by === "updated_at" ? "entity_lists.updated_at" : "entity_lists.name_sort_key", direction },
          { column: "entity_lists.uuid", direction },
        ],
        request,
      );
      return { ...page, rows: page.rows.map((row) => toEntityList(row as ListRow)) };
    },
    async rename(tenantUuid, listUuid, name) {
      assertNonBlankText(name, "name", "entityLists.rename");
      return updateList(tenantUuid, listUuid, { name });
    },
    async update(tenantUuid, listUuid, changes, options) {
      if (changes.name !== undefined) assertNonBlankText(changes.name, "name", "entityLists.update");
      return updateList(tenantUuid, listUuid, changes, options);
    },
    async delete(tenantUuid, listUuid, options = {}) {
      return withTransaction(db, async (transaction) => {
        await refuseAnotherUsersList(transaction, tenantUuid, listUuid, options.asMember);
        await transaction.deleteFrom("entity_list_members").where("tenant_uuid", "=", tenantUuid).where("list_uuid", "=", listUuid).execute();
        const result = await withWriteStamp(transaction, tenantUuid, now(tenantUuid), () =>
          transaction.deleteFrom("entity_lists").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", listUuid).executeTakeFirst(),
        );
        return Number(result.numDeletedRows) > 0;
      });
    },
    async members(tenantUuid, listUuid, request) {
      const query = db
        .selectFrom("entity_list_members")
        .select(["entity_uuid", "added_at", "added_by_user_uuid", "position"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("list_uuid", "=", listUuid);
      const page = await keysetPage(
        query,
        [
          { column: "entity_list_members.position", direction: "asc" },
          { column: "entity_list_members.entity_uuid", direction: "asc" },
        ],
        request,
      );
      return {
        ...page,
        rows: page.rows.map((row) => ({ entity_uuid: row.entity_uuid, added_at: Number(row.added_at), added_by_user_uuid: row.added_by_user_uuid })),
      };
    },
    async addMembers(tenantUuid, listUuid, entityUuids, addedByUserUuid, options = {}) {
      return withTransaction(db, async (transaction) => {
        await refuseAnotherUsersList(transaction, tenantUuid, listUuid, options.asMember);
        const list = await transaction
          .selectFrom("entity_lists")
          .select(["kind"])
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", listUuid)
          .executeTakeFirst();
        if (!list) throw new NotFoundError(`list ${listUuid} not found`);
        const kind = list.kind as EntityListKind;
        const wanted = [...new Set(entityUuids)];
        if (wanted.length === 0) return { added: 0, already_members: 0 };
        const found = await liveUuids(transaction, tenantUuid, kind, wanted);
        const missing = wanted.filter((uuid) => !found.has(uuid));
        if (missing.length > 0) {
          const ofOtherKind = await liveUuids(transaction, tenantUuid, otherKind(kind), missing);
          const wrongKind = missing.find((uuid) => ofOtherKind.has(uuid));
          if (wrongKind) {
            throw new InvalidInputError(`${wrongKind} is a ${singular(otherKind(kind))}, and this list holds ${kind}`);
          }
          const mergedInto = await (kind === "persons" ? mergedAwayPersons : mergedAwayCompanies)(transaction, tenantUuid, missing);
          const merged = missing.filter((uuid) => mergedInto.has(uuid)).map((uuid) => `${uuid} was merged into ${singular(kind)} ${mergedInto.get(uuid)}`);
          throw new NotFoundError(`no ${singular(kind)} ${missing.join(", ")} in this tenant${merged.length > 0 ? ` (${merged.join("; ")})` : ""}`);
        }
        const existing = await transaction
          .selectFrom("entity_list_members")
          .select("entity_uuid")
          .where("list_uuid", "=", listUuid)
          .where("entity_uuid", "in", wanted)
          .execute();
        const already = new Set(existing.map((row) => row.entity_uuid));
        const fresh = wanted.filter((uuid) => !already.has(uuid));
        const timestamp = now(tenantUuid);
        if (fresh.length > 0) {
          // After the list's last member, in the order sent (`wanted` keeps a repeated uuid's first place).
          const last = await transaction
            .selectFrom("entity_list_members")
            .select((select) => select.fn.max("position").as("position"))
            .where("list_uuid", "=", listUuid)
            .executeTakeFirst();
          const after = Number(last?.position ?? 0);
          await transaction
            .insertInto("entity_list_members")
            .values(
              fresh.map((entity_uuid, index) => ({
                tenant_uuid: tenantUuid,
                list_uuid: listUuid,
                entity_uuid,
                added_at: timestamp,
                added_by_user_uuid: addedByUserUuid,
                position: after + index + 1,
              })),
            )
            .execute();
          await transaction.updateTable("entity_lists").set({ updated_at: timestamp }).where("uuid", "=", listUuid).execute();
        }
        return { added: fresh.length, already_members: already.size };
      });
    },
    async removeMember(tenantUuid, listUuid, entityUuid, options = {}) {
      return withTransaction(db, async (transaction) => {
        await refuseAnotherUsersList(transaction, tenantUuid, listUuid, options.asMember);
        const result = await transaction
          .deleteFrom("entity_list_members")
          .where("tenant_uuid", "=", tenantUuid)
          .where("list_uuid", "=", listUuid)
          .where("entity_uuid", "=", entityUuid)
          .executeTakeFirst();
        const removed = Number(result.numDeletedRows) > 0;
        if (removed) await transaction.updateTable("entity_lists").set({ updated_at: now(tenantUuid) }).where("uuid", "=", listUuid).execute();
        return removed;
      });
    },
    async listsContaining(tenantUuid, entityUuid) {
      const rows = await listsWithCounts(tenantUuid)
        .where((where) =>
          where.exists(
            where
              .selectFrom("entity_list_members")
              .select(sql`1`.as("one"))
              .whereRef("entity_list_members.list_uuid", "=", "entity_lists.uuid")
              .where("entity_list_members.entity_uuid", "=", entityUuid),
          ),
        )
        .orderBy("entity_lists.name_sort_key")
        .orderBy("entity_lists.uuid")
        .execute();
      return rows.map((row) => toEntityList(row as ListRow));
    },
    async membershipCounts(tenantUuid, entityUuids) {
      const counts = new Map<string, number>();
      // Remembered, zeros included, until a list or membership of the tenant changes: every
      // recommended-paths answer asks about the persons it names.
      const remembered = context.remembered && !db.isTransaction ? context.remembered.listMemberships.valuesOf(tenantUuid) : null;
      const missing: string[] = [];
      for (const uuid of new Set(entityUuids)) {
        const known = remembered?.get(uuid);
        if (known === undefined) missing.push(uuid);
        else if (known > 0) counts.set(uuid, known);
      }
      for (let start = 0; start < missing.length; start += 500) {
        const rows = await db
          .selectFrom("entity_list_members")
          .select(["entity_uuid", sql<number>`count(*)`.as("lists")])
          .where("tenant_uuid", "=", tenantUuid)
          .where("entity_uuid", "in", missing.slice(start, start + 500))
          .groupBy("entity_uuid")
          .execute();
        for (const row of rows) counts.set(row.entity_uuid, Number(row.lists));
      }
      if (remembered) for (const uuid of missing) remembered.set(uuid, counts.get(uuid) ?? 0);
      return counts;
    },
  };
}
