/** Tenants: creation, lookup of live tenants, their rate-limit tier and size, soft deletion, purge of a deleted tenant. */
import type { TenantsTable } from "../database-schema.js";
import { TIERS, type Tenant, type Tier } from "../records.js";
import { assertAllowedValue } from "./allowed-value.js";
import { assertNonBlankFields, assertRequiredFields } from "./required-fields.js";
import type { TenantRepository } from "../store.js";
import type { RepositoryContext } from "./repository-context.js";
import { purgeDeletedTenant } from "../tenant-purge/purge-deleted-tenant.js";
import { tenantRowCounts } from "../tenant-purge/tenant-tables.js";
import { processIsRunning } from "../tenant-import/process-is-running.js";

function toTenant(row: TenantsTable): Tenant {
  return {
    uuid: row.uuid,
    name: row.name,
    tier: row.tier as Tier,
    per_second_limit: row.per_second_limit,
    monthly_limit: row.monthly_limit,
    created_at: Number(row.created_at),
  };
}

export function createTenantRepository(context: RepositoryContext): TenantRepository {
  const { db, now, generateId } = context;
  return {
    async create(input) {
      assertRequiredFields(input, ["name"], "tenants.create");
      assertNonBlankFields(input, ["name"], "tenants.create");
      assertAllowedValue(TIERS, input.tier, "tier", "tenants.create");
      const row: TenantsTable = {
        uuid: generateId(),
        name: input.name,
        tier: input.tier,
        per_second_limit: input.per_second_limit ?? null,
        monthly_limit: input.monthly_limit ?? null,
        created_at: now(),
        deleted_at: null,
        importing_pid: null,
      };
      await db.insertInto("tenants").values(row).execute();
      return toTenant(row);
    },
    async get(tenantUuid) {
      const row = await db
        .selectFrom("tenants")
        .selectAll()
        .where("uuid", "=", tenantUuid)
        .where("deleted_at", "is", null)
        .where("importing_pid", "is", null)
        .executeTakeFirst();
      return row ? toTenant(row) : null;
    },
    async list() {
      const rows = await db
        .selectFrom("tenants")
        .selectAll()
        .where("deleted_at", "is", null)
        .where("importing_pid", "is", null)
        .orderBy("created_at")
        .orderBy("uuid")
        .execute();
      return rows.map(toTenant);
    },
    async unfinishedImports() {
      const rows = await db.selectFrom("tenants").select(["uuid", "name", "importing_pid", "deleted_at"]).where("importing_pid", "is not", null).orderBy("uuid").execute();
      return rows.map((row) => ({ uuid: row.uuid, name: row.name, pid: Number(row.importing_pid), running: row.deleted_at === null && processIsRunning(Number(row.importing_pid)) }));
    },
    async setTier(tenantUuid, limits) {
      assertAllowedValue(TIERS, limits.tier, "tier", "tenants.setTier");
      const custom = limits.tier === "custom";
      const row = await db
        .updateTable("tenants")
        .set({ tier: limits.tier, per_second_limit: custom ? (limits.per_second_limit ?? null) : null, monthly_limit: custom ? (limits.monthly_limit ?? null) : null })
        .where("uuid", "=", tenantUuid)
        .where("deleted_at", "is", null)
        .where("importing_pid", "is", null)
        .returningAll()
        .executeTakeFirst();
      return row ? toTenant(row) : null;
    },
    async rowCounts(tenantUuid) {
      const tenant = await db.selectFrom("tenants").select("uuid").where("uuid", "=", tenantUuid).executeTakeFirst();
      return tenant ? tenantRowCounts(db, tenantUuid) : null;
    },
    async delete(tenantUuid) {
      const result = await db
        .updateTable("tenants")
        .set({ deleted_at: now() })
        .where("uuid", "=", tenantUuid)
        .where("deleted_at", "is", null)
        .where("importing_pid", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    purge: (tenantUuid, options) => purgeDeletedTenant(context, tenantUuid, options),
  };
}
