/** GET /v1/companies/{company_uuid}/ai-summary: a live summary grounded in the tenant's records. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { aiSummarySchema } from "../../presenters/ai-summary-presenter.js";
import { summarizeCompany } from "../../summary/summarize-entity.js";
import { companyNotFound } from "./company-not-found.js";

export const getCompanyAiSummary = defineOperation({
  operationId: "getCompanyAiSummary",
  method: "get",
  path: "/v1/companies/{company_uuid}/ai-summary",
  area: "AI summary",
  summary: "Summarize a company",
  description:
    "Generates a live summary of a company in headed sections (profile, people currently there, investors, lists and tags, recent changes, and what other features know: relationships, activity, opportunities, notes). bio is null for companies. Every statement comes from the tenant's own records; nothing is invented. sections is empty and generated_at null when nothing is recorded. 404 when the company is not found.",
  params: z.object({ company_uuid: uuidString("The company's UUID.") }),
  response: aiSummarySchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const company = await services.store.companies.get(auth.tenant.uuid, params.company_uuid);
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    return summarizeCompany(services, auth.tenant.uuid, company);
  },
});
