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
    ...companyTextShape,
    company_custom_fields: z.record(z.string(), z.unknown()).describe("Custom field values keyed by field UUID."),
    service_industry_tags: z.array(z.string()),
    created_at: epochMilliseconds("Creation time."),
    service_updated_at: epochMilliseconds("Last change of the record; what modified_since filters on."),
    ...relationshipFieldsShape,
  })
  .describe("A company.");

export type CompanyResponse = z.input<typeof companySchema>;

export function presentCompany(company: Company, fields: RelationshipFields): CompanyResponse {
  const text = Object.fromEntries(COMPANY_TEXT_FIELDS.map((field) => [field, company[field]])) as Record<
    (typeof COMPANY_TEXT_FIELDS)[number],
    string | null
  >;
  return {
    uuid: company.uuid,
    company_name: company.company_name,
    domain: company.domain,
    ...text,
    company_custom_fields: company.company_custom_fields,
    service_industry_tags: company.service_industry_tags,
    created_at: company.created_at,
    service_updated_at: company.service_updated_at,
    ...fields,
  };
}

/** Presents companies with their derived fields from the graph. */
export async function presentCompanies(services: AppServices, auth: AuthContext, companies: readonly Company[]): Promise<CompanyResponse[]> {
  const view = await openRelationshipView(services, auth);
  const userUuid = auth.user?.uuid ?? null;
  return companies.map((company) => presentCompany(company, relationshipFields(view, { entity: "company", uuid: company.uuid }, userUuid)));
}
