/** Read-only lookups of companies by their match keys, for imports (persons match through `persons.findByEmails` and `findByLinkedinUrls`). */
import { sql } from "kysely";
import type { MatchKeyRepository } from "../store.js";
import { normalizeDomain, sqliteLower } from "../normalize.js";
import { companyNameKey } from "./company-name-key.js";
import { toCompany } from "./company-repository.js";
import type { RepositoryContext } from "./repository-context.js";

export function createMatchKeyRepository({ db }: RepositoryContext): MatchKeyRepository {
  const liveCompanies = (tenantUuid: string) =>
    db.selectFrom("companies").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);
  return {
    async companyByDomain(tenantUuid, domain) {
      const key = sqliteLower(domain);
      const row = await liveCompanies(tenantUuid)
        .where(sql<string>`lower(domain)`, "in", [key, `www.${key}`, `https://${key}`, `http://${key}`, `https://www.${key}`, `http://www.${key}`])
        .orderBy("created_at")
        .orderBy("uuid")
        .executeTakeFirst();
      if (row) return toCompany(row);
      // A domain no company has now may be one a company had before it moved (acme.com to acme.io): that company's.
      const former = await db
        .selectFrom("company_former_domains")
        .innerJoin("companies", "companies.uuid", "company_former_domains.company_uuid")
        .selectAll("companies")
        .where("company_former_domains.tenant_uuid", "=", tenantUuid)
        .where("company_former_domains.domain", "=", normalizeDomain(domain) ?? key)
        .where("companies.tenant_uuid", "=", tenantUuid)
        .where("companies.deleted_at", "is", null)
        .orderBy("company_former_domains.left_at", "desc")
        .orderBy("companies.created_at")
        .orderBy("companies.uuid")
        .executeTakeFirst();
      return former ? toCompany(former) : null;
    },
    async companyByName(tenantUuid, name) {
      // Of the companies whose names share the key (two written before migration 0065 in two cases, say), the oldest.
      const key = companyNameKey(name);
      const row = await liveCompanies(tenantUuid).where("name_match_key", "=", key).orderBy("created_at").orderBy("uuid").executeTakeFirst();
      if (row) return toCompany(row);
      // A name no live company has may be a duplicate's merged away (migration 0070): the company it went into, so
      // the next import naming "ACME Inc." does not make the duplicate again. The latest merge's, if several.
      const merged = await db
        .selectFrom("companies as gone")
        .innerJoin("companies", "companies.uuid", "gone.merged_into_uuid")
        .selectAll("companies")
        .where("gone.tenant_uuid", "=", tenantUuid)
        .where("gone.name_match_key", "=", key)
        .where("gone.merged_into_uuid", "is not", null)
        .where("companies.tenant_uuid", "=", tenantUuid)
        .where("companies.deleted_at", "is", null)
        .orderBy("gone.deleted_at", "desc")
        .orderBy("companies.uuid")
        .executeTakeFirst();
      return merged ? toCompany(merged) : null;
    },
  };
}
