/** PUT /v1/companies/{company_uuid}: writes the fields present in the body, keeps the others. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { epochMilliseconds, uuidString } from "../../platform/request/common-schemas.js";
import { companyUpdateSchema, toCompanyPatch } from "./company-input.js";
import { companyNotFound } from "./company-not-found.js";
import { getCompany } from "./get-company.js";

export const updateCompany = defineOperation({
  operationId: "updateCompany",
  method: "put",
  path: "/v1/companies/{company_uuid}",
  area: "Company",
  summary: "Update a company",
  description:
    "Updates a company. Only fields present in the body are written; other attributes are preserved. company_custom_fields replaces the entire stored object (no per-key merge: resend every key to keep). employee_count is a band such as '11-50' or '10000+'. Only a change bumps service_updated_at. 404 when the company is not visible to the tenant.",
  params: z.object({ company_uuid: uuidString("The company's UUID.") }),
  body: companyUpdateSchema,
  response: z.object({
    uuid: z.string().describe("The company's UUID."),
    service_updated_at: epochMilliseconds("Its service_updated_at."),
  }),
  errors: [404],
  conditionalOn: getCompany,
  example: { body: { description: "Clinical AI for hospital networks.", employee_count: "201-500" } },
  async handler({ params, body, auth, services, ifMatch }) {
    const company = await services.store.companies.update(auth.tenant.uuid, params.company_uuid, toCompanyPatch(body), { precondition: ifMatch });
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    return { uuid: company.uuid, service_updated_at: company.service_updated_at };
  },
});
