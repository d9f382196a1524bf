/**
 * Measurement 5b: `GET /v1/companies` pages (through the whole app in-process: auth, rate limits, validation,
 * and each company's relationship fields over its members: last activity, next meeting, strongest
 * relationships) against hand-written SQL for the same page of rows.
 */
import type { SyntheticTenant } from "../generate-tenant.js";
import { LIST_PAGES_DRAWN_FROM, type ListRowSpec } from "./list-pages.js";

/** The `companies-list` row of `tenant`, asking `samples` pages (see measureListRows). */
export function companiesListRow(tenant: SyntheticTenant, samples: number): ListRowSpec {
  const perPage = 50;
  return {
    id: "companies-list",
    title: "GET /v1/companies page (50 items)",
    table: "companies",
    records: tenant.companyUuids.length,
    perPage,
    samples,
    seed: 6,
    baselineLabel: "hand-written SQL, same rows (no relationship fields)",
    notes: [
      `${samples} pages: the first (the largest companies, up to 18,902 members at L), then pages drawn from the first ${LIST_PAGES_DRAWN_FROM}, ${perPage} companies each`,
      "the app adds each company's relationship fields, computed over its current members in the graph; the SQL reads the rows and the total only",
    ],
  };
}
