/** The company record as the API shows it. */
import { COMPANY_TEXT_FIELDS, type Company } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import type { AuthContext } from "../platform/auth/auth-context.js";
import { openRelationshipView } from "../relationships/relationship-view.js";
import type { AppServices } from "../services.js";
import { relationshipFields, relationshipFieldsShape, type RelationshipFields } from "./relationship-fields.js";

const companyTextShape = Object.fromEntries(
  COMPANY_TEXT_FIELDS.map((field) => [field, z.string().nullable()]),
) as Record<(typeof COMPANY_TEXT_FIELDS)[number], z.ZodNullable<z.ZodString>>;

export const companySchema = z
  .object({
    uuid: z.string(),
    company_name: z.string(),
    domain: z.string().nullable().describe("Primary web domain, without scheme or www."),
    former_domains: z
      .array(z.string())
      .describe("The domains the company had before its current one, most recently left first; imports and lookups naming one find this company."),
    ...companyTextShape,
    company_custom_fields: z.record(z.string(), z.unknown()).describe("Custom field values keyed by field UUID."),
    service_industry_tags: z.array(z.string()).describe("Industry tags; what service_industry_tags filters on."),
    investor_types: z.array(z.string()).describe("Investor classifications from the tenant's data source; what investor_types filters on."),
    last_investment_type: z.string().nullable().describe("Type of the latest investment round; what last_investment_types filters on."),
    last_investment_date: z.string().nullable().describe("Date of the latest investment, YYYY-MM-DD."),
    npi_types: z.array(z.string()).describe("NPI type labels from the tenant's data source, stored as given; what npi_types filters on."),
    npi_date: z.string().nullable().describe("NPI date from the tenant's data source, YYYY-MM-DD."),
    score: z.number().nullable().describe("Company score from the tenant's data source; what score_from/to filter on."),
    overall_operating_score: z.number().nullable().describe("Operating score from the tenant's data source."),
    overall_investor_score: z.number().nullable().describe("Investor score from the tenant's data source."),
    created_at: epochMilliseconds("Creation time."),
    service_updated_at: epochMilliseconds("Last change of the record; what modified_since filters on."),
    ...relationshipFieldsShape,
  })
  .describe("A company.");

export type CompanyResponse = z.input<typeof companySchema>;

export function presentCompany(company: Company, fields: RelationshipFields, formerDomains: readonly string[] = []): CompanyResponse {
  const text = Object.fromEntries(COMPANY_TEXT_FIELDS.map((field) => [field, company[field]])) as Record<
    (typeof COMPANY_TEXT_FIELDS)[number],
    string | null
  >;
  return {
    uuid: company.uuid,
    company_name: company.company_name,
    domain: company.domain,
    former_domains: [...formerDomains],
    ...text,
    company_custom_fields: company.company_custom_fields,
    service_industry_tags: company.service_industry_tags,
    investor_types: company.investor_types,
    last_investment_type: company.last_investment_type,
    last_investment_date: company.last_investment_date,
    npi_types: company.npi_types,
    npi_date: company.npi_date,
    score: company.score,
    overall_operating_score: company.overall_operating_score,
    overall_investor_score: company.overall_investor_score,
    created_at: company.created_at,
    service_updated_at: company.service_updated_at,
    ...fields,
  };
}

/** Presents companies with their derived fields from the graph. */
export async function presentCompanies(services: AppServices, auth: AuthContext, companies: readonly Company[]): Promise<CompanyResponse[]> {
  const view = await openRelationshipView(services, auth);
  const userUuid = auth.user?.uuid ?? null;
  const formerDomains = await services.store.companies.formerDomains(auth.tenant.uuid, companies.map((company) => company.uuid));
  return companies.map((company) =>
    presentCompany(company, relationshipFields(view, { entity: "company", uuid: company.uuid }, userUuid), formerDomains.get(company.uuid)),
  );
}
