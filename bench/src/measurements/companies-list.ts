/**
 * Measurement 5b: `GET /v1/companies` pages (through the whole app in-process: auth, rate limits, validation,
 * and each company's relationship fields over its members: last activity, next meeting, strongest
 * relationships) against hand-written SQL for the same page of rows.
 */
import type { SyntheticTenant } from "../generate-tenant.js";
import { speedRatioOf, type MeasurementResult } from "../measurement.js";
import { LIST_PAGES_DRAWN_FROM, timeListAgainstSql } from "./list-pages.js";
import type { AppClient } from "./persons-list.js";

export async function measureCompaniesList(
  app: AppClient,
  apiKey: string,
  databasePath: string,
  tenant: SyntheticTenant,
  samples: number,
): Promise<MeasurementResult> {
  const perPage = 50;
  const { subject, baseline } = await timeListAgainstSql(app, apiKey, databasePath, tenant.tenantUuid, {
    table: "companies",
    records: tenant.companyUuids.length,
    perPage,
    samples,
    seed: 6,
  });
  return {
    id: "companies-list",
    title: "GET /v1/companies page (50 items)",
    subject: { label: "the app in-process", summary: subject },
    baseline: { label: "hand-written SQL, same rows (no relationship fields)", summary: baseline },
    speedRatio: speedRatioOf(subject, baseline),
    targets: [],
    figures: {},
    notes: [
      `${samples} pages: the first (the largest companies, up to 18,902 members at L), then pages drawn from the first ${LIST_PAGES_DRAWN_FROM}, ${perPage} companies each`,
      "the app adds each company's relationship fields, computed over its current members in the graph; the SQL reads the rows and the total only",
    ],
  };
}
