/** POST /v1/companies: creates a company. */
import { defineOperation } from "../../operations/operation.js";
import { companySchema, presentCompanies } from "../../presenters/company-presenter.js";
import { companyCreateSchema, toCompanyPatch } from "./company-input.js";

export const createCompany = defineOperation({
  operationId: "createCompany",
  method: "post",
  path: "/v1/companies",
  area: "Company",
  summary: "Create a company",
  description:
    "Creates a company from the fields of PUT /v1/companies/{company_uuid} (company_name required) plus domain, industry tags and the investor fields the company list filters on. Answers 201 with the company.",
  body: companyCreateSchema,
  successStatus: 201,
  response: companySchema,
  example: {
    body: { company_name: "Globex Health", domain: "globex-health.example", employee_count: "51-200", country: "United Kingdom", service_industry_tags: ["healthcare"] },
  },
  async handler({ body, auth, services }) {
    const { company_name, ...fields } = toCompanyPatch(body);
    const company = await services.store.companies.create({ tenant_uuid: auth.tenant.uuid, company_name: company_name!, ...fields });
    const [presented] = await presentCompanies(services, auth, [company]);
    return presented!;
  },
});
