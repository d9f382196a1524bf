/**
 * Measurement 5a: `GET /v1/persons` pages (through the whole app in-process: auth, rate limits,
 * validation, derived fields) against hand-written SQL for the same page of rows.
 */
import type { MeasurementResult } from "../measurement.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { speedRatioOf } from "../measurement.js";
import { LIST_PAGES_DRAWN_FROM, timeListAgainstSql } from "./list-pages.js";

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
  const { subject, baseline } = await timeListAgainstSql(app, apiKey, databasePath, tenant.tenantUuid, {
    table: "persons",
    records: tenant.personUuids.length,
    perPage,
    samples,
    seed: 5,
    alsoRead: (database) => {
      const emailsQuery = database.prepare(
        `select person_uuid, address, is_primary from person_emails where tenant_uuid = ? and person_uuid in (${Array(perPage).fill("?").join(",")})`,
      );
      return (rows) => {
        const uuids = rows.map((row) => row.uuid);
        while (uuids.length < perPage) uuids.push("");
        return emailsQuery.all(tenant.tenantUuid, ...uuids);
      };
    },
  });
  return {
    id: "persons-list",
    title: "GET /v1/persons page (50 items)",
    subject: { label: "the app in-process", summary: subject },
    baseline: { label: "hand-written SQL, same rows", summary: baseline },
    speedRatio: speedRatioOf(subject, baseline),
    targets: [],
    figures: {},
    notes: [
      `${samples} pages: the first, then pages drawn from the first ${LIST_PAGES_DRAWN_FROM}, ${perPage} persons each; both sides read the page, the total and the emails`,
      "the app remembers a list's total until the tenant's persons change (the store's remembered reads), so only its first page counts; the baseline counts every page",
    ],
  };
}
