/**
 * Migration 0070: company merges. A company merged into another is soft-deleted with `merged_into_uuid` (the
 * company it went into), each merge is recorded in `company_merges`, and the deletions log announces the merged-away
 * company (`COMPANY`, `MERGED`), as it does a merged-away person, so a syncing copy drops it. The merged-away companies
 * are indexed by name key, so an import naming one finds the company it went into instead of making it again. Nothing
 * was merged before: nothing to fill.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { DELETED_TENANT_MESSAGE } from "./0031-deleted-tenants-refuse-writes.js";
import { logDeletion } from "./numbered-log-triggers.js";

export const companyMergesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table companies add column merged_into_uuid text`.execute(db);
    await sql`create table company_merges (
      tenant_uuid text not null references tenants(uuid),
      superseded_uuid text not null,
      canonical_uuid text not null,
      merged_at bigint not null,
      merged_by_user_uuid text,
      moved text not null,
      primary key (tenant_uuid, superseded_uuid)
    )`.execute(db);
    await sql`create index company_merges_by_canonical on company_merges (tenant_uuid, canonical_uuid)`.execute(db);
    // An import naming a merged-away company by its name finds the company it went into (`matchKeys.companyByName`).
    await sql`create index companies_merged_by_name_key on companies (tenant_uuid, name_match_key) where merged_into_uuid is not null`.execute(db);
    await sql
      .raw(
        `create trigger companies_log_deletion after update of deleted_at on companies
    when OLD.deleted_at is null and NEW.deleted_at is not null
    begin
      ${logDeletion("NEW", "COMPANY", "NEW.deleted_at", "NEW.merged_into_uuid", "null")}
    end`,
      )
      .execute(db);
    // A deleted tenant takes no writes (migration 0031), this table's included.
    for (const event of ["insert", "update"]) {
      await sql
        .raw(
          `create trigger company_merges_refused_for_deleted_tenant_on_${event} before ${event} on company_merges
          when exists (select 1 from tenants where uuid = NEW.tenant_uuid and deleted_at is not null)
          begin select raise(abort, '${DELETED_TENANT_MESSAGE}'); end`,
        )
        .execute(db);
    }
  },
};
