/**
 * Measurement 5a: `GET /v1/persons` pages (through the whole app in-process: auth, rate limits,
 * validation, derived fields) against hand-written SQL for the same page of rows.
 */
import type { SyntheticTenant } from "../generate-tenant.js";
import { LIST_PAGES_DRAWN_FROM, type ListRowSpec } from "./list-pages.js";

export interface AppClient {
  request(path: string, init?: RequestInit): Promise<Response> | Response;
}

/** The `persons-list` row of `tenant`, asking `samples` pages (see measureListRows). */
export function personsListRow(tenant: SyntheticTenant, samples: number): ListRowSpec {
  const perPage = 50;
  return {
    id: "persons-list",
    title: "GET /v1/persons page (50 items)",
    table: "persons",
    records: tenant.personUuids.length,
    perPage,
    samples,
    seed: 5,
    baselineLabel: "hand-written SQL, same rows",
    notes: [
      `${samples} pages: the first, then pages drawn from the first ${LIST_PAGES_DRAWN_FROM}, ${perPage} persons each; both sides read the page, the total and the emails`,
      "the app remembers a list's total until the tenant's persons change (the store's remembered reads), so only its first page counts; the baseline counts every page",
    ],
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
  };
}
