/** API keys: only the hash of a key is stored; lookup is by hash. */
import type { ApiKeysTable } from "../database-schema.js";
import type { ApiKey, Tier } from "../records.js";
import type { ApiKeyOwner, ApiKeyRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";

function toApiKey(row: Omit<ApiKeysTable, "key_hash">): ApiKey {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    user_uuid: row.user_uuid,
    key_prefix: row.key_prefix,
    label: row.label,
    created_at: Number(row.created_at),
    revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
    read_only: Number(row.read_only) === 1,
  };
}

const KEY_COLUMNS = [
  "api_keys.uuid",
  "api_keys.tenant_uuid",
  "api_keys.user_uuid",
  "api_keys.key_prefix",
  "api_keys.label",
  "api_keys.created_at",
  "api_keys.revoked_at",
  "api_keys.read_only",
] as const;

export function createApiKeyRepository({ db, now, generateId, remembered }: RepositoryContext): ApiKeyRepository {
  return {
    async create(input) {
      const row: ApiKeysTable = {
        uuid: generateId(),
        tenant_uuid: input.tenant_uuid,
        user_uuid: input.user_uuid,
        key_hash: input.key_hash,
        key_prefix: input.key_prefix,
        label: input.label ?? null,
        created_at: now(),
        revoked_at: null,
        read_only: input.read_only === true ? 1 : 0,
      };
      await db.insertInto("api_keys").values(row).execute();
      return toApiKey(row);
    },
    async findActiveByHash(keyHash) {
      // Every request looks its key up: remembered until a key or the tenant changes. The map is taken
      // before the query, so a write that lands meanwhile leaves the answer in a map already replaced.
      const reads = remembered && !db.isTransaction ? remembered : null;
      const tenantUuid = reads?.tenantOfKeyHash.get(keyHash);
      const owners = tenantUuid === undefined ? undefined : reads!.keyOwners.valuesOf(tenantUuid);
      const known = owners?.get(keyHash);
      if (known) return known;
      const row = await db
        .selectFrom("api_keys")
        .innerJoin("tenants", "tenants.uuid", "api_keys.tenant_uuid")
        .select(KEY_COLUMNS)
        .select([
          "tenants.name as tenant_name",
          "tenants.tier as tenant_tier",
          "tenants.per_second_limit as tenant_per_second_limit",
          "tenants.monthly_limit as tenant_monthly_limit",
          "tenants.created_at as tenant_created_at",
        ])
        .where("api_keys.key_hash", "=", keyHash)
        .where("api_keys.revoked_at", "is", null)
        .where("tenants.deleted_at", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      const owner: ApiKeyOwner = {
        key: toApiKey(row),
        tenant: {
          uuid: row.tenant_uuid,
          name: row.tenant_name,
          tier: row.tenant_tier as Tier,
          per_second_limit: row.tenant_per_second_limit,
          monthly_limit: row.tenant_monthly_limit,
          created_at: Number(row.tenant_created_at),
        },
      };
      reads?.tenantOfKeyHash.set(keyHash, owner.tenant.uuid);
      if (owners !== undefined && tenantUuid === owner.tenant.uuid) owners.set(keyHash, owner);
      return owner;
    },
    async list(tenantUuid) {
      const rows = await db
        .selectFrom("api_keys")
        .select(KEY_COLUMNS)
        .where("tenant_uuid", "=", tenantUuid)
        .orderBy("created_at")
        .orderBy("uuid")
        .execute();
      return rows.map(toApiKey);
    },
    async revoke(tenantUuid, keyUuid) {
      const result = await db
        .updateTable("api_keys")
        .set({ revoked_at: now() })
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", keyUuid)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async revokeByLabel(tenantUuid, label) {
      const result = await db
        .updateTable("api_keys")
        .set({ revoked_at: now() })
        .where("tenant_uuid", "=", tenantUuid)
        .where("label", "=", label)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
