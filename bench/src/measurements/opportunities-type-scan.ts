/**
 * Measurement 5e: `GET /v1/opportunities?opportunity_type_uuid=` read by cursor, as a sync or an export reads a
 * pipeline: every page carries the totals of the whole filtered set (`total_value`, `total_weighted_value`), which
 * a filter on a column the totals' covering index lacks makes read every live opportunity's row. Through the whole
 * app in-process, against hand-written SQL of the same page: the rows after the last one seen, the totals, and the
 * page's associations with their names.
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

const FILTERED = "from opportunities o where o.tenant_uuid = @tenant and o.deleted_at is null and o.type_uuid = @type";

const PAGE_SQL = `select o.* ${FILTERED} and (o.created_at, o.uuid) > (@created_at, @uuid) order by o.created_at, o.uuid limit @limit`;

const TOTALS_SQL = `select count(*) as total, sum(o.value) as total_value, sum(o.weighted_value) as total_weighted_value ${FILTERED}`;

interface Listed {
  items: Array<{ uuid: string }>;
  next_cursor: string | null;
  total_value: number;
}

/** One row: `pages` pages of the first type's pipeline by cursor (the first by number), each a sample. */
export async function measureOpportunitiesTypeScan(app: AppClient, apiKey: string, databasePath: string, tenant: SyntheticTenant, pages: number): Promise<MeasurementResult> {
  const type = tenant.opportunityTypes[0]!.uuid;
  const base = `/v1/opportunities?opportunity_type_uuid=${type}&per_page=${PER_PAGE}`;
  // The pages' URLs, read once untimed: the subject then asks each again, the baseline seeks after each page's last row.
  const urls: string[] = [base];
  const lastRows: Array<{ created_at: number; uuid: string }> = [{ created_at: -1, uuid: "" }];
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const byUuid = database.prepare("select created_at, uuid from opportunities where uuid = ?");
    let totalValue: number | null = null;
    for (let page = 0; page < pages; page++) {
      const response = await app.request(urls[page]!, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET ${urls[page]} answered ${response.status}: ${await response.text()}`);
      const listed = (await response.json()) as Listed;
      if (totalValue !== null && listed.total_value !== totalValue) throw new Error("the totals changed from one page to the next");
      totalValue = listed.total_value;
      if (listed.next_cursor === null || page === pages - 1) break;
      urls.push(`${base}&cursor=${encodeURIComponent(listed.next_cursor)}`);
      lastRows.push(byUuid.get(listed.items.at(-1)!.uuid) as { created_at: number; uuid: string });
    }
    const subject = summarize(await timeAppReads(app, apiKey, urls, 2));
    const pageQuery = database.prepare(PAGE_SQL);
    const totals = database.prepare(TOTALS_SQL);
    const associations = database.prepare(ASSOCIATIONS_SQL);
    const filters = { tenant: tenant.tenantUuid, type };
    const baseline = summarize(
      await timeEach(lastRows, (last) => {
        const rows = pageQuery.all({ ...filters, created_at: last.created_at, uuid: last.uuid, limit: PER_PAGE + 1 }) as Array<{ uuid: string }>;
        const sums = totals.get(filters);
        const links = associations.all({ tenant: tenant.tenantUuid, page: JSON.stringify(rows.slice(0, PER_PAGE).map((row) => row.uuid)) });
        JSON.stringify({ rows, sums, links });
      }, 2),
    );
    return {
      id: "opportunities-type-scan",
      title: `GET /v1/opportunities?opportunity_type_uuid= by cursor (page of ${PER_PAGE}, totals on each)`,
      subject: { label: "the app in-process", summary: subject },
      baseline: { label: "hand-written SQL: the rows after the last one seen, the totals, the page's associations with names", summary: baseline },
      speedRatio: speedRatioOf(subject, baseline),
      targets: [],
      figures: { pages: urls.length },
      notes: [
        `the first generated type's pipeline (about 70% of the opportunities) in created_at order, the first page by number and ${urls.length - 1} more by cursor; each side warmed on the first two pages`,
      ],
    };
  } finally {
    database.close();
  }
}
