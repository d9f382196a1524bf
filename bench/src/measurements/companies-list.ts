/**
 * Measurement 5b: `GET /v1/companies` pages (through the whole app in-process: auth, rate limits, validation,
 * and each company's relationship fields over its members: last activity, next meeting, strongest
 * relationships) against hand-written SQL for the same page of rows.
 */
import SqliteDatabase from "better-sqlite3";
import type { SyntheticTenant } from "../generate-tenant.js";
import { speedRatioOf, type MeasurementResult } from "../measurement.js";
import { summarize, timeEach } from "../statistics.js";
import { drawListPages, LIST_PAGES_DRAWN_FROM, timeAppPages } from "./list-pages.js";
import type { AppClient } from "./persons-list.js";

export async function measureCompaniesList(
  app: AppClient,
  apiKey: string,
  databasePath: string,
  tenant: SyntheticTenant,
  samples: number,
): Promise<MeasurementResult> {
  const perPage = 50;
  const pages = drawListPages(tenant.companyUuids.length, perPage, samples, 6);
  const subject = await timeAppPages(app, apiKey, "/v1/companies", perPage, pages);

  const database = new SqliteDatabase(databasePath, { readonly: true });
  const pageQuery = database.prepare(
    "select * from companies where tenant_uuid = ? and deleted_at is null order by service_updated_at, uuid limit ? offset ?",
  );
  const countQuery = database.prepare("select count(*) as total from companies where tenant_uuid = ? and deleted_at is null");
  const baseline = summarize(
    await timeEach(pages, (page) => {
      const rows = pageQuery.all(tenant.tenantUuid, perPage, (page - 1) * perPage);
      countQuery.get(tenant.tenantUuid);
      JSON.stringify({ items: rows });
    }),
  );
  database.close();
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
