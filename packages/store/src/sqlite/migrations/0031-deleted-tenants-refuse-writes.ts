/**
 * Migration 0031: a soft-deleted tenant takes no more writes. Its row stays (its data is kept), so the foreign keys
 * to `tenants` still pass; these triggers refuse an insert into, or an update of, any of its records, from any
 * process or connection, with DELETED_TENANT_MESSAGE, which the repositories' wrapper (`typed-write-errors.ts`)
 * turns into the same NotFoundError as an unknown tenant. A test checks that every table keyed by a tenant has both
 * triggers, so a later table needs its own migration. A live tenant's write pays one lookup of the tenant's row by
 * its key a row, inside SQLite, where the foreign key check already reads it: no query more. Deletes are left alone,
 * so a deleted tenant's data can still be purged. Bookkeeping tables (generations, notes, indexes) have no foreign
 * key to `tenants` and are only written after a record is, so they are not guarded. Written in SQL (triggers), like
 * 0007: PostgreSQL would need its own version (a row-level trigger function).
 */
import { sql, type Kysely, type Migration } from "kysely";

/** The message of the trigger's abort, matched by the wrapper that translates it. */
export const DELETED_TENANT_MESSAGE = "rapport: the tenant is deleted";

/** Every table with a foreign key to `tenants` when this migration landed: each tenant's own records. */
export const TENANT_RECORD_TABLES = [
  "users",
  "api_keys",
  "user_passwords",
  "persons",
  "person_emails",
  "person_merges",
  "companies",
  "company_tags",
  "affiliations",
  "entity_lists",
  "entity_list_members",
  "emails",
  "email_bodies",
  "meetings",
  "opportunity_types",
  "opportunity_stages",
  "opportunity_custom_fields",
  "opportunities",
  "associations",
  "notes",
  "tasks",
  "files",
  "file_contents",
  "import_jobs",
] as const;

function refuseForDeletedTenant(table: string, event: "insert" | "update") {
  return sql.raw(`
    create trigger ${table}_refused_for_deleted_tenant_on_${event} before ${event} on ${table}
    when exists (select 1 from tenants where uuid = NEW.tenant_uuid and deleted_at is not null)
    begin
      select raise(abort, '${DELETED_TENANT_MESSAGE}');
    end`);
}

export const deletedTenantsRefuseWritesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TENANT_RECORD_TABLES) {
      await refuseForDeletedTenant(table, "insert").execute(db);
      await refuseForDeletedTenant(table, "update").execute(db);
    }
  },
};
