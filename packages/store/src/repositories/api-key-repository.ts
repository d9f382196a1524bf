/** API keys: only the hash of a key is stored; lookup is by hash. */
import { sql } from "kysely";
import type { ApiKeysTable } from "../database-schema.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import type { ApiKey, KeyUseChannel, ListedApiKey, Tier } from "../records.js";
import type { ApiKeyOwner, ApiKeyRepository } from "../store.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { deepFreeze } from "./remembered-records.js";

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
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    lineage_uuid: row.lineage_uuid ?? row.uuid,
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
  "api_keys.expires_at",
  "api_keys.lineage_uuid",
] as const;

/** The later of a stored and a pending use: another process may have written a later one. */
function latestUse(
  stored: { at: number; via: KeyUseChannel } | null,
  pending: { at: number; via: KeyUseChannel } | undefined,
): { last_used_at: number | null; last_used_via: KeyUseChannel | null } {
  const latest = pending !== undefined && (stored === null || pending.at > stored.at) ? pending : stored;
  return { last_used_at: latest?.at ?? null, last_used_via: latest?.via ?? null };
}

export function createApiKeyRepository({ db, now, generateId, remembered, keyUses }: RepositoryContext): ApiKeyRepository {
  // The expiry is checked on every lookup, remembered answers included: a key expires without a write.
  const unexpired = (owner: ApiKeyOwner): ApiKeyOwner | null =>
    owner.key.expires_at === null || owner.key.expires_at > now() ? owner : null;
  const newRow = (input: Parameters<ApiKeyRepository["create"]>[0]): ApiKeysTable => ({
    uuid: generateId(),
    tenant_uuid: input.tenant_uuid,
    user_uuid: input.user_uuid,
    key_hash: input.key_hash,
    key_prefix: input.key_prefix,
    label: input.label ?? null,
    created_at: now(),
    revoked_at: null,
    read_only: input.read_only === true ? 1 : 0,
    expires_at: null,
    lineage_uuid: null,
  });
  return {
    async create(input) {
      const row = newRow(input);
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
      if (known) return unexpired(known);
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
        .where("tenants.importing_pid", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      // Frozen: every request with the key shares it, and a frozen key's shape is checked once (quick-acceptance.ts).
      const owner: ApiKeyOwner = deepFreeze({
        key: toApiKey(row),
        tenant: {
          uuid: row.tenant_uuid,
          name: row.tenant_name,
          tier: row.tenant_tier as Tier,
          per_second_limit: row.tenant_per_second_limit,
          monthly_limit: row.tenant_monthly_limit,
          created_at: Number(row.tenant_created_at),
        },
      });
      reads?.tenantOfKeyHash.set(keyHash, owner.tenant.uuid);
      if (owners !== undefined && tenantUuid === owner.tenant.uuid) owners.set(keyHash, owner);
      return unexpired(owner);
    },
    async list(tenantUuid) {
      const rows = await db
        .selectFrom("api_keys")
        .leftJoin("api_key_uses", "api_key_uses.key_uuid", "api_keys.uuid")
        .select(KEY_COLUMNS)
        .select(["api_key_uses.last_used_at", "api_key_uses.last_used_via"])
        .where("api_keys.tenant_uuid", "=", tenantUuid)
        .orderBy("api_keys.created_at")
        .orderBy("api_keys.uuid")
        .execute();
      return rows.map((row): ListedApiKey => {
        const stored = row.last_used_at === null ? null : { at: Number(row.last_used_at), via: row.last_used_via as KeyUseChannel };
        return { ...toApiKey(row), ...latestUse(stored, keyUses?.pending(row.uuid)) };
      });
    },
    noteUse(key, via) {
      keyUses?.note(key.uuid, key.tenant_uuid, via, now());
    },
    async rotate(tenantUuid, keyUuid, replacement, { graceMs }) {
      if (!Number.isSafeInteger(graceMs) || graceMs < 0) throw new InvalidInputError(`apiKeys.rotate: graceMs must be a whole number of milliseconds, 0 or more; got ${graceMs}`);
      return withTransaction(db, async (transaction) => {
        const found = await transaction
          .selectFrom("api_keys")
          .select(KEY_COLUMNS)
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", keyUuid)
          .executeTakeFirst();
        if (!found) return null;
        const replaced = toApiKey(found);
        const at = now();
        if (replaced.revoked_at !== null) throw new ConflictError(`apiKeys.rotate: key ${keyUuid} is revoked`);
        if (replaced.expires_at !== null) {
          throw new ConflictError(`apiKeys.rotate: key ${keyUuid} ${replaced.expires_at > at ? "expires" : "expired"} already, at ${replaced.expires_at}`);
        }
        const row = { ...newRow({ ...replacement, tenant_uuid: tenantUuid, user_uuid: replaced.user_uuid, label: replaced.label, read_only: replaced.read_only }), lineage_uuid: replaced.lineage_uuid };
        await transaction.insertInto("api_keys").values(row).execute();
        const retirement = graceMs > 0 ? { expires_at: at + graceMs } : { revoked_at: at };
        await transaction.updateTable("api_keys").set(retirement).where("uuid", "=", keyUuid).execute();
        return { key: toApiKey(row), replaced: { ...replaced, ...retirement } };
      });
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
    async deleteRetired({ retiredBefore, tenantUuid }) {
      if (!Number.isSafeInteger(retiredBefore)) throw new InvalidInputError(`apiKeys.deleteRetired: retiredBefore must be epoch milliseconds; got ${retiredBefore}`);
      return withTransaction(db, async (transaction) => {
        let retired = transaction
          .selectFrom("api_keys")
          .select(KEY_COLUMNS)
          .where((where) => where.or([where("revoked_at", "<", retiredBefore), where("expires_at", "<", retiredBefore)]));
        if (tenantUuid !== undefined) retired = retired.where("tenant_uuid", "=", tenantUuid);
        const keys = (await retired.orderBy("tenant_uuid").orderBy("created_at").orderBy("uuid").execute()).map(toApiKey);
        if (keys.length === 0) return [];
        // A JSON list rather than one variable a key: no limit on how many.
        const uuids = JSON.stringify(keys.map((key) => key.uuid));
        await sql`delete from api_keys where uuid in (select value from json_each(${uuids}))`.execute(transaction);
        // Their last uses, and any written for a key deleted before (no foreign key ties the two).
        await sql`delete from api_key_uses where key_uuid not in (select uuid from api_keys)`.execute(transaction);
        return keys;
      });
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
