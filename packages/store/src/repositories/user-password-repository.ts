/** Internal users' login passwords (hashes only), for the OAuth login page. */
import { normalizeEmail } from "../normalize.js";
import type { UserPasswordRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";

export function createUserPasswordRepository({ db, now }: RepositoryContext): UserPasswordRepository {
  return {
    async set(tenantUuid, userUuid, passwordHash) {
      const user = await db
        .selectFrom("users")
        .select("uuid")
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", userUuid)
        .executeTakeFirst();
      if (!user) return false;
      const updatedAt = now(tenantUuid);
      await db
        .insertInto("user_passwords")
        .values({ tenant_uuid: tenantUuid, user_uuid: userUuid, password_hash: passwordHash, updated_at: updatedAt })
        .onConflict((conflict) => conflict.columns(["tenant_uuid", "user_uuid"]).doUpdateSet({ password_hash: passwordHash, updated_at: updatedAt }))
        .execute();
      return true;
    },
    async get(tenantUuid, userUuid) {
      const row = await db
        .selectFrom("user_passwords")
        .select("password_hash")
        .where("tenant_uuid", "=", tenantUuid)
        .where("user_uuid", "=", userUuid)
        .executeTakeFirst();
      return row?.password_hash ?? null;
    },
    async findLoginCandidates(email) {
      const rows = await db
        .selectFrom("user_passwords")
        .innerJoin("users", (join) =>
          join.onRef("users.uuid", "=", "user_passwords.user_uuid").onRef("users.tenant_uuid", "=", "user_passwords.tenant_uuid"),
        )
        .innerJoin("tenants", "tenants.uuid", "user_passwords.tenant_uuid")
        .select([
          "user_passwords.tenant_uuid as tenant_uuid",
          "tenants.name as tenant_name",
          "users.uuid as user_uuid",
          "users.name as user_name",
          "user_passwords.password_hash as password_hash",
        ])
        .where("users.email", "=", normalizeEmail(email))
        .where("users.is_active", "=", 1)
        .where("tenants.deleted_at", "is", null)
        .where("tenants.importing_pid", "is", null)
        .orderBy("tenants.name")
        .orderBy("user_passwords.tenant_uuid")
        .execute();
      return rows;
    },
  };
}
