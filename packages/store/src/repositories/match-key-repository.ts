/** Read-only lookups of persons and companies by their match keys, for imports. */
import { sql } from "kysely";
import type { MatchKeyRepository } from "../store.js";
import { toCompany } from "./company-repository.js";
import type { RepositoryContext } from "./repository-context.js";

/** SQLite and PostgreSQL cap bound parameters; lookups go in slices well under both limits. */
const SLICE = 400;

function slices<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += SLICE) result.push(items.slice(index, index + SLICE));
  return result;
}

/** Every spelling of a normalized `linkedin.com/...` key that a stored URL may use. */
function linkedinSpellings(key: string): string[] {
  const prefixes = ["https://www.", "http://www.", "https://", "http://", "www.", ""];
  return prefixes.flatMap((prefix) => [`${prefix}${key}`, `${prefix}${key}/`]);
}

export function createMatchKeyRepository({ db }: RepositoryContext): MatchKeyRepository {
  const liveCompanies = (tenantUuid: string) =>
    db.selectFrom("companies").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);
  return {
    async personsByEmail(tenantUuid, addresses) {
      const found = new Map<string, string>();
      for (const slice of slices([...new Set(addresses)])) {
        const rows = await db
          .selectFrom("person_emails")
          .innerJoin("persons", "persons.uuid", "person_emails.person_uuid")
          .select(["person_emails.address", "persons.uuid"])
          .where("person_emails.tenant_uuid", "=", tenantUuid)
          .where("persons.deleted_at", "is", null)
          .where("person_emails.address", "in", slice)
          .execute();
        for (const row of rows) found.set(row.address, row.uuid);
      }
      return found;
    },
    async personsByLinkedinUrl(tenantUuid, urls) {
      const found = new Map<string, string>();
      const keyOf = new Map<string, string>();
      for (const key of new Set(urls)) for (const spelling of linkedinSpellings(key)) keyOf.set(spelling, key);
      for (const slice of slices([...keyOf.keys()])) {
        const rows = await db
          .selectFrom("persons")
          .select(["uuid", sql<string>`lower(linkedin_url)`.as("url")])
          .where("tenant_uuid", "=", tenantUuid)
          .where("deleted_at", "is", null)
          .where(sql<string>`lower(linkedin_url)`, "in", slice)
          .orderBy("created_at")
          .orderBy("uuid")
          .execute();
        for (const row of rows) {
          const key = keyOf.get(row.url)!;
          if (!found.has(key)) found.set(key, row.uuid);
        }
      }
      return found;
    },
    async companyByDomain(tenantUuid, domain) {
      const key = domain.toLowerCase();
      const row = await liveCompanies(tenantUuid)
        .where(sql<string>`lower(domain)`, "in", [key, `www.${key}`, `https://${key}`, `http://${key}`, `https://www.${key}`, `http://www.${key}`])
        .orderBy("created_at")
        .orderBy("uuid")
        .executeTakeFirst();
      return row ? toCompany(row) : null;
    },
    async companyByName(tenantUuid, name) {
      const row = await liveCompanies(tenantUuid)
        .where(sql<string>`lower(trim(company_name))`, "=", name.trim().toLowerCase())
        .orderBy("created_at")
        .orderBy("uuid")
        .executeTakeFirst();
      return row ? toCompany(row) : null;
    },
  };
}
