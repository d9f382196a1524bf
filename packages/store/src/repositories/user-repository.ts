/** Internal users of a tenant; each has its own person node in the relationship graph. */
import type { Kysely } from "kysely";
import type { Database, UsersTable } from "../database-schema.js";
import { ConflictError } from "../errors.js";
import { normalizeEmail } from "../normalize.js";
import { keysetPage, type Page } from "../pagination/keyset-page.js";
import { ROLES, type Role, type User } from "../records.js";
import { assertAllowedValue } from "./allowed-value.js";
import { assertNonBlankFields, assertRequiredFields } from "./required-fields.js";
import type { UserRepository } from "../store.js";
import { userOwningPerson } from "./person-owner.js";
import { refreshCompanyActivityAfterTeamChange } from "./opportunity-activity.js";
import { insertPerson } from "./person-repository.js";
import { deepFreeze } from "./remembered-records.js";
import { nameSortKey } from "./name-sort-key.js";
import { toFlag, withTransaction, type RepositoryContext } from "./repository-context.js";

function toUser(row: UsersTable): User {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    person_uuid: row.person_uuid,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    is_active: row.is_active === 1,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/**
 * The live person a user's person now is: itself, or the person it was merged into (a deactivated user's person
 * is no longer internal, so a merge may supersede it). One step: a merge repoints the persons merged earlier into
 * the one it supersedes (`move-merge-history.ts`).
 */
async function livePersonOf(db: Kysely<Database>, tenantUuid: string, personUuid: string): Promise<string> {
  const row = await db
    .selectFrom("persons")
    .select("merged_into_uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", personUuid)
    .where("deleted_at", "is not", null)
    .executeTakeFirst();
  return row?.merged_into_uuid ?? personUuid;
}

export function createUserRepository(context: RepositoryContext): UserRepository {
  const { db, now, generateId, emit } = context;
  /** Taken before a query, so a write that lands meanwhile leaves the answer in a map already replaced. */
  const rememberedUsers = (tenantUuid: string) => (context.remembered && !db.isTransaction ? context.remembered.users.valuesOf(tenantUuid) : null);
  return {
    async create(input) {
      assertRequiredFields(input, ["tenant_uuid", "name", "email"], "users.create");
      assertNonBlankFields(input, ["name", "email"], "users.create");
      assertAllowedValue(ROLES, input.role, "role", "users.create");
      const email = normalizeEmail(input.email);
      const user = await withTransaction(db, async (transaction) => {
        const existingUser = await transaction
          .selectFrom("users")
          .select("uuid")
          .where("tenant_uuid", "=", input.tenant_uuid)
          .where("email", "=", email)
          .executeTakeFirst();
        if (existingUser) throw new ConflictError(`a user with email ${email} already exists in this tenant`);

        const timestamp = now(input.tenant_uuid);
        // A contact who joins the team keeps their history: their existing person becomes internal.
        const knownPerson = await transaction
          .selectFrom("person_emails")
          .innerJoin("persons", "persons.uuid", "person_emails.person_uuid")
          .select("persons.uuid")
          .where("person_emails.tenant_uuid", "=", input.tenant_uuid)
          .where("person_emails.address", "=", email)
          .where("persons.deleted_at", "is", null)
          .executeTakeFirst();
        let personUuid: string;
        if (knownPerson) {
          // One person is one user's: a second user on it would take it from the first (and block their reactivation).
          const owner = await userOwningPerson(transaction, input.tenant_uuid, knownPerson.uuid);
          if (owner) {
            const state = owner.is_active === 1 ? "an active user" : "a deactivated user: reactivate them instead";
            throw new ConflictError(`users.create: ${email} is an address of person ${knownPerson.uuid}, which is user ${owner.uuid}'s own (${state})`);
          }
          personUuid = knownPerson.uuid;
          await transaction
            .updateTable("persons")
            .set({ is_internal: 1, service_updated_at: timestamp })
            .where("uuid", "=", personUuid)
            .execute();
          // Their companies' activity no longer counts them: opportunity dates follow.
          await refreshCompanyActivityAfterTeamChange(transaction, input.tenant_uuid, personUuid, timestamp);
        } else {
          const person = await insertPerson(
            { ...context, db: transaction },
            { tenant_uuid: input.tenant_uuid, name: input.name, emails: [email], is_internal: true },
            // An account is an operator's act: it may take an erased address (a former employee coming back).
            { erasureChecked: true },
          );
          personUuid = person.uuid;
        }
        const row: UsersTable = {
          uuid: generateId(),
          tenant_uuid: input.tenant_uuid,
          person_uuid: personUuid,
          name: input.name,
          name_sort_key: nameSortKey(input.name),
          email,
          role: input.role,
          is_active: toFlag(true),
          created_at: timestamp,
          updated_at: timestamp,
        };
        await transaction.insertInto("users").values(row).execute();
        return toUser(row);
      });
      emit(user.tenant_uuid, { type: "mark-internal", personUuid: user.person_uuid, userUuid: user.uuid });
      return user;
    },
    async get(tenantUuid, userUuid) {
      // Every request with a user context reads its user: remembered until a user of the tenant changes.
      const reads = rememberedUsers(tenantUuid);
      const key = `get:${userUuid}`;
      if (reads?.has(key)) return reads.get(key) as User | null;
      const row = await db
        .selectFrom("users")
        .selectAll()
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", userUuid)
        .executeTakeFirst();
      const user = row ? toUser(row) : null;
      // Shared by every later caller while remembered, so frozen like every remembered record.
      if (reads) reads.set(key, user && deepFreeze(user));
      return user;
    },
    async list(tenantUuid, request) {
      const reads = rememberedUsers(tenantUuid);
      const key = `list:${JSON.stringify(request)}`;
      const known = reads?.get(key) as Page<User> | undefined;
      if (known) return known;
      let query = db.selectFrom("users").selectAll().where("tenant_uuid", "=", tenantUuid);
      if (request.updated_after !== undefined) query = query.where("users.updated_at", ">=", request.updated_after);
      const page = await keysetPage(
        query,
        [
          // By name: the alphabetical key (migration 0080), as persons and companies sort by theirs.
          { column: request.sort_by === "updated_at" ? "users.updated_at" : "users.name_sort_key", direction: request.order },
          { column: "users.uuid", direction: request.order },
        ],
        request,
      );
      const users = { ...page, rows: page.rows.map(toUser) };
      if (reads) reads.set(key, deepFreeze(users));
      return users;
    },
    async deactivate(tenantUuid, userUuid) {
      const found = await withTransaction(db, async (transaction) => {
        const timestamp = now(tenantUuid);
        const user = await transaction
          .updateTable("users")
          .set({ is_active: 0, updated_at: timestamp })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", userUuid)
          .returning("person_uuid")
          .executeTakeFirst();
        if (!user) return false;
        // The graph no longer counts the person as the team's (a former colleague can be a bridge now): the
        // record says the same, and pollers of modified_since see it.
        await transaction
          .updateTable("persons")
          .set({ is_internal: 0, service_updated_at: timestamp })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", user.person_uuid)
          .execute();
        await refreshCompanyActivityAfterTeamChange(transaction, tenantUuid, user.person_uuid, timestamp);
        return true;
      });
      if (found) emit(tenantUuid, { type: "unmark-internal", userUuid });
      return found;
    },
    async reactivate(tenantUuid, userUuid) {
      const personUuid = await withTransaction(db, async (transaction) => {
        const user = await transaction
          .selectFrom("users")
          .select("person_uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", userUuid)
          .executeTakeFirst();
        if (!user) return null;
        const live = await livePersonOf(transaction, tenantUuid, user.person_uuid);
        const person = await transaction.selectFrom("persons").select("uuid").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", live).executeTakeFirst();
        if (!person) {
          // Their account was kept for the records naming it, with nothing personal: there is no one to bring back.
          throw new ConflictError(`user ${userUuid}'s person ${live} was erased, and an erased user cannot be reactivated: create a new user instead`);
        }
        const holder = await transaction
          .selectFrom("users")
          .select("uuid")
          .where("tenant_uuid", "=", tenantUuid)
          .where("person_uuid", "=", live)
          .where("uuid", "!=", userUuid)
          .executeTakeFirst();
        if (holder) {
          throw new ConflictError(`user ${userUuid}'s person is now person ${live}, which is user ${holder.uuid}'s own`);
        }
        const timestamp = now(tenantUuid);
        await transaction
          .updateTable("users")
          .set({ is_active: 1, person_uuid: live, updated_at: timestamp })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", userUuid)
          .execute();
        // The person is the team's again, on its record as in the graph; pollers of modified_since see it.
        await transaction
          .updateTable("persons")
          .set({ is_internal: 1, service_updated_at: timestamp })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", live)
          .execute();
        await refreshCompanyActivityAfterTeamChange(transaction, tenantUuid, live, timestamp);
        return live;
      });
      if (personUuid === null) return false;
      emit(tenantUuid, { type: "mark-internal", personUuid, userUuid });
      return true;
    },
    async setRole(tenantUuid, userUuid, role) {
      assertAllowedValue(ROLES, role, "role", "users.setRole");
      // Stamped under the write lock, as every change time a poller filters on: taken before it, a write that waited
      // for another process's could commit below a watermark already passed.
      const row = await withTransaction(db, (transaction) =>
        transaction
          .updateTable("users")
          .set({ role, updated_at: now(tenantUuid) })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", userUuid)
          .returningAll()
          .executeTakeFirst(),
      );
      return row ? toUser(row) : null;
    },
  };
}
