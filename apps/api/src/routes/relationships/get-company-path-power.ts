/** GET /v1/companies/{company_uuid}/pathpower: the team's aggregate strength to a company. */
import { pathPower } from "@rapport/graph";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { companyPathPowerSchema, presentPathPower } from "../../presenters/path-power-presenter.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import { asOfQuery, scoredAtField } from "../../relationships/scoring-instant.js";
import { companyNotFound } from "../companies/company-not-found.js";

export const getCompanyPathPower = defineOperation({
  operationId: "getCompanyPathPower",
  method: "get",
  path: "/v1/companies/{company_uuid}/pathpower",
  area: "PathPower",
  summary: "PathPower of a company",
  description:
    "How strongly the team is connected to a company, aggregated over the people currently at it (numbers only; for paths use the company's recommended-paths). 200 with score null when there is no data; 404 when the company is not in the tenant.",
  params: z.object({ company_uuid: uuidString("The company's UUID.") }),
  query: z.object({ as_of: asOfQuery() }),
  response: companyPathPowerSchema.extend({ scored_at: scoredAtField() }),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const company = await services.store.companies.get(auth.tenant.uuid, params.company_uuid);
    if (!company) throw await companyNotFound(services, auth.tenant.uuid, params.company_uuid);
    const view = await openRelationshipView(services, auth, { asOf: query.as_of });
    const score = pathPower(view.graph, { entity: "company", uuid: company.uuid }, view.scoring);
    return { ...presentPathPower(score), meta: score.meta ?? { person_count: 0, connected_person_count: 0 }, scored_at: view.now };
  },
});
