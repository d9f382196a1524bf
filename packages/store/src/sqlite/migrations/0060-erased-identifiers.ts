/**
 * Migration 0060: what an erasure remembers so that automatic capture does not bring the person back. Per tenant, a
 * random secret (`erasure_secrets`), and for each erased address or LinkedIn profile a keyed digest of it
 * (`erased_identifiers`: HMAC-SHA256 under that secret, `erasedIdentifierDigest`), never the value itself. Erasures
 * done before this migration left nothing to remember.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { DELETED_TENANT_MESSAGE } from "./0031-deleted-tenants-refuse-writes.js";

export const erasedIdentifiersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table erasure_secrets (
      tenant_uuid text primary key not null references tenants(uuid),
      secret blob not null,
      created_at bigint not null
    )`.execute(db);
    // Without rowid: the primary key is the one index, and a batch's lookup seeks it by (tenant, digest).
    await sql`create table erased_identifiers (
      tenant_uuid text not null references tenants(uuid),
      digest text not null,
      erased_at bigint not null,
      primary key (tenant_uuid, digest)
    ) without rowid`.execute(db);
    // A deleted tenant takes no writes (migration 0031), these tables' included.
    for (const table of ["erasure_secrets", "erased_identifiers"]) {
      for (const event of ["insert", "update"]) {
        await sql
          .raw(
            `create trigger ${table}_refused_for_deleted_tenant_on_${event} before ${event} on ${table}
            when exists (select 1 from tenants where uuid = NEW.tenant_uuid and deleted_at is not null)
            begin select raise(abort, '${DELETED_TENANT_MESSAGE}'); end`,
          )
          .execute(db);
      }
    }
  },
};
