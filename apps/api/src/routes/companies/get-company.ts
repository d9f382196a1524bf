/** GET /v1/companies/{company_uuid}: one company with derived fields. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { companySchema, presentCompanies } from "../../presenters/company-presenter.js";
import { companyNotFound } from "./company-not-found.js";

export const getCompany = defineOperation({
  operationId: "getCompany",
  method: "get",
  path: "/v1/companies/{company_uuid}",
  area: "Company",
  summary: "Get a company",
  description: "Reads one company with its derived relationship fields. 404 when the company is not in the tenant.",
  params: z.object({ company_uuid: uuidString("The company's UUID.") }),
  response: companySchema,
  errors: [404],
  taggedRecord: ({ params, auth, services }) => services.store.companies.get(auth.tenant.uuid, params.company_uuid),
  async handler({ params, auth, services }) {
    const company = await services.store.companies.get(auth.tenant.uuid, params.company_uuid);
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    const [presented] = await presentCompanies(services, auth, [company]);
    return presented!;
  },
});
