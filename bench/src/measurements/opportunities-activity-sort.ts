/**
 * Measurement 5g: `GET /v1/opportunities?sort_by=last_activity_date&order=desc` read by cursor, the deals with the
 * latest activity first, as a pipeline view opens: the first page by number, then each next page by `next_cursor`.
 * Through the whole app in-process, against hand-written SQL of the same page: the rows after the last one seen in
 * that order (undated ones last), the totals, and the page's associations with their names.
 */
import SqliteDatabase from "better-sqlite3";
import type { MeasurementResult } from "../measurement.js";
import { speedRatioOf } from "../measurement.js";
import type { SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeEach } from "../statistics.js";
import { ASSOCIATIONS_SQL } from "./opportunities-list.js";
import { timeAppReads } from "./timed-app-reads.js";
import type { AppClient } from "./persons-list.js";

const PER_PAGE = 50;

const LIVE = "from opportunities o where o.tenant_uuid = @tenant and o.deleted_at is null";

/** After (`@at`, `@uuid`), latest first, undated last; `@at` null for a last row without a date, `@uuid` '' for none. */
const PAGE_SQL = `select o.* ${LIVE}
  and (@uuid = '' or (@at is null and o.last_activity_at is null and o.uuid < @uuid)
    or (@at is not null and (o.last_activity_at is null or (o.last_activity_at, o.uuid) < (@at, @uuid))))
  order by o.last_activity_at is null, o.last_activity_at desc, o.uuid desc limit @limit`;

const TOTALS_SQL = `select count(*) as total, sum(o.value) as total_value, sum(o.weighted_value) as total_weighted_value ${LIVE}`;

interface Listed {
  items: Array<{ uuid: string }>;
  next_cursor: string | null;
}

/** One row: `pages` pages by last activity (the first by number, the rest by cursor), each a sample. */
export async function measureOpportunitiesActivitySort(app: AppClient, apiKey: string, databasePath: string, tenant: SyntheticTenant, pages: number): Promise<MeasurementResult> {
  const base = `/v1/opportunities?sort_by=last_activity_date&order=desc&per_page=${PER_PAGE}`;
  // The pages' URLs, read once untimed: the subject then asks each again, the baseline seeks after each page's last row.
  const urls: string[] = [base];
  const lastRows: Array<{ at: number | null; uuid: string }> = [{ at: null, uuid: "" }];
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const byUuid = database.prepare("select last_activity_at as at, uuid from opportunities where uuid = ?");
    const pageQuery = database.prepare(PAGE_SQL);
    for (let page = 0; page < pages; page++) {
      const response = await app.request(urls[page]!, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET ${urls[page]} answered ${response.status}: ${await response.text()}`);
      const listed = (await response.json()) as Listed;
      // Both sides list the same page.
      const expected = (pageQuery.all({ tenant: tenant.tenantUuid, ...lastRows[page]!, limit: PER_PAGE }) as Array<{ uuid: string }>).map((row) => row.uuid);
      if (JSON.stringify(expected) !== JSON.stringify(listed.items.map((item) => item.uuid))) throw new Error(`page ${page + 1}: the app and the SQL list different opportunities`);
      if (listed.next_cursor === null || page === pages - 1) break;
      urls.push(`${base}&cursor=${encodeURIComponent(listed.next_cursor)}`);
      lastRows.push(byUuid.get(listed.items.at(-1)!.uuid) as { at: number | null; uuid: string });
    }
    const subject = summarize(await timeAppReads(app, apiKey, urls, 2));
    const totals = database.prepare(TOTALS_SQL);
    const associations = database.prepare(ASSOCIATIONS_SQL);
    const baseline = summarize(
      await timeEach(lastRows, (last) => {
        const rows = pageQuery.all({ tenant: tenant.tenantUuid, ...last, limit: PER_PAGE + 1 }) as Array<{ uuid: string }>;
        const sums = totals.get({ tenant: tenant.tenantUuid });
        const links = associations.all({ tenant: tenant.tenantUuid, page: JSON.stringify(rows.slice(0, PER_PAGE).map((row) => row.uuid)) });
        JSON.stringify({ rows, sums, links });
      }, 2),
    );
    return {
      id: "opportunities-activity-sort",
      title: `GET /v1/opportunities?sort_by=last_activity_date&order=desc by cursor (page of ${PER_PAGE}, totals on each)`,
      subject: { label: "the app in-process", summary: subject },
      baseline: { label: "hand-written SQL: the rows after the last one seen (one statement, undated last), the totals, the page's associations with names", summary: baseline },
      speedRatio: speedRatioOf(subject, baseline),
      targets: [],
      figures: { pages: urls.length },
      notes: [
        `every live opportunity, latest activity first, the first page by number and ${urls.length - 1} more by cursor; each side warmed on the first two pages`,
      ],
    };
  } finally {
    database.close();
  }
}
