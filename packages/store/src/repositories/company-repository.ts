/** Companies. */
import { sql } from "kysely";
import type { CompaniesTable } from "../database-schema.js";
import { keysetPage, type SortKey } from "../pagination/keyset-page.js";
import { COMPANY_TEXT_FIELDS, type Company } from "../records.js";
import type { CompanyRepository } from "../store.js";
import { parseJson, type RepositoryContext } from "./repository-context.js";

export function toCompany(row: CompaniesTable): Company {
  const company = {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    company_name: row.company_name,
    domain: row.domain,
    company_custom_fields: parseJson<Record<string, unknown>>(row.company_custom_fields, {}),
    service_industry_tags: parseJson<string[]>(row.service_industry_tags, []),
    created_at: Number(row.created_at),
    service_updated_at: Number(row.service_updated_at),
  } as Company;
  for (const field of COMPANY_TEXT_FIELDS) company[field] = row[field];
  return company;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export function createCompanyRepository({ db, now, generateId }: RepositoryContext): CompanyRepository {
  const liveCompanies = (tenantUuid: string) =>
    db.selectFrom("companies").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);

  return {
    async create(input) {
      const timestamp = now();
      const row = {
        uuid: generateId(),
        tenant_uuid: input.tenant_uuid,
        company_name: input.company_name,
        domain: input.domain ?? null,
        company_custom_fields: JSON.stringify(input.company_custom_fields ?? {}),
        service_industry_tags: JSON.stringify(input.service_industry_tags ?? []),
        created_at: timestamp,
        service_updated_at: timestamp,
        deleted_at: null,
      } as CompaniesTable;
      for (const field of COMPANY_TEXT_FIELDS) row[field] = input[field] ?? null;
      await db.insertInto("companies").values(row).execute();
      return toCompany(row);
    },
    async get(tenantUuid, companyUuid) {
      const row = await liveCompanies(tenantUuid).where("uuid", "=", companyUuid).executeTakeFirst();
      return row ? toCompany(row) : null;
    },
    async getMany(tenantUuid, companyUuids) {
      const companies = new Map<string, Company>();
      if (companyUuids.length === 0) return companies;
      const rows = await liveCompanies(tenantUuid).where("uuid", "in", [...new Set(companyUuids)]).execute();
      for (const row of rows) companies.set(row.uuid, toCompany(row));
      return companies;
    },
    async list(tenantUuid, request) {
      let query = liveCompanies(tenantUuid);
      const { uuids, modified_since, name } = request.filters;
      if (uuids) query = uuids.length > 0 ? query.where("uuid", "in", uuids) : query.where(sql<boolean>`1 = 0`);
      if (modified_since !== undefined) query = query.where("service_updated_at", ">=", modified_since);
      if (name) query = query.where(sql<boolean>`lower(company_name) like ${likeContains(name)} escape '\\'`);
      const keys: SortKey[] = [
        { column: `companies.${request.sort_by}`, direction: request.order },
        { column: "companies.uuid", direction: request.order },
      ];
      const page = await keysetPage(query, keys, request);
      return { ...page, rows: page.rows.map(toCompany) };
    },
  };
}
