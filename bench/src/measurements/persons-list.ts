/**
 * Measurement 5a: `GET /v1/persons` pages (through the whole app in-process: auth, rate limits,
 * validation, derived fields) against hand-written SQL for the same page of rows.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { speedRatioOf } from "../measurement.js";
import { summarize, timeEach } from "../statistics.js";
import { drawListPages, LIST_PAGES_DRAWN_FROM, timeAppPages } from "./list-pages.js";

export interface AppClient {
  request(path: string, init?: RequestInit): Promise<Response> | Response;
}

export async function measurePersonsList(
  app: AppClient,
  apiKey: string,
  databasePath: string,
  tenant: SyntheticTenant,
  samples: number,
): Promise<MeasurementResult> {
  const perPage = 50;
  const pages = drawListPages(tenant.personUuids.length, perPage, samples, 5);
  const subject = await timeAppPages(app, apiKey, "/v1/persons", perPage, pages);

  const database = new SqliteDatabase(databasePath, { readonly: true });
  const pageQuery = database.prepare(
    "select * from persons where tenant_uuid = ? and deleted_at is null order by service_updated_at, uuid limit ? offset ?",
  );
  const countQuery = database.prepare("select count(*) as total from persons where tenant_uuid = ? and deleted_at is null");
  const emailsQuery = database.prepare(
    `select person_uuid, address, is_primary from person_emails where tenant_uuid = ? and person_uuid in (${Array(perPage).fill("?").join(",")})`,
  );
  const baseline = summarize(
    await timeEach(pages, (page) => {
      const rows = pageQuery.all(tenant.tenantUuid, perPage, (page - 1) * perPage) as Array<{ uuid: string }>;
      countQuery.get(tenant.tenantUuid);
      const uuids = rows.map((row) => row.uuid);
      while (uuids.length < perPage) uuids.push("");
      JSON.stringify({ items: rows, emails: emailsQuery.all(tenant.tenantUuid, ...uuids) });
    }),
  );
  database.close();
  const speedRatio = speedRatioOf(subject, baseline);
  return {
    id: "persons-list",
    title: "GET /v1/persons page (50 items)",
    subject: { label: "the app in-process", summary: subject },
    baseline: { label: "hand-written SQL, same rows", summary: baseline },
    speedRatio,
    targets: [],
    figures: {},
    notes: [
      `${samples} pages: the first, then pages drawn from the first ${LIST_PAGES_DRAWN_FROM}, ${perPage} persons each; both sides read the page, the total and the emails`,
      "the app remembers a list's total until the tenant's persons change (the store's remembered reads), so only its first page counts; the baseline counts every page",
    ],
  };
}
