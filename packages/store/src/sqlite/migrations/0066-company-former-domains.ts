/**
 * Migration 0066: the domains a company had before its current one (`company_former_domains`), written by
 * `companies.update` when the domain changes, so that mail, a contact card or a row naming acme.com still finds the
 * company that moved to acme.io (`matchKeys.companyByDomain`) instead of making a second one. A domain set again as
 * the current one leaves the list. Nothing before this migration remembered a company's earlier domains: none to fill.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { DELETED_TENANT_MESSAGE } from "./0031-deleted-tenants-refuse-writes.js";

export const companyFormerDomainsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Without rowid: the primary key reads a company's list; the (tenant, domain) index serves the lookup by domain.
    await sql`create table company_former_domains (
      tenant_uuid text not null references tenants(uuid),
      company_uuid text not null references companies(uuid),
      domain text not null,
      left_at bigint not null,
      primary key (company_uuid, domain)
    ) without rowid`.execute(db);
    await sql`create index company_former_domains_by_domain on company_former_domains (tenant_uuid, domain)`.execute(db);
    // A deleted tenant takes no writes (migration 0031), this table's included.
    for (const event of ["insert", "update"]) {
      await sql
        .raw(
          `create trigger company_former_domains_refused_for_deleted_tenant_on_${event} before ${event} on company_former_domains
          when exists (select 1 from tenants where uuid = NEW.tenant_uuid and deleted_at is not null)
          begin select raise(abort, '${DELETED_TENANT_MESSAGE}'); end`,
        )
        .execute(db);
    }
  },
};
