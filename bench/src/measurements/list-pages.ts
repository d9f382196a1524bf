/**
 * The list rows' shared steps (measurements 5a and 5b): which pages to ask, and asking them through the whole
 * app in-process (auth, rate limits, validation, derived fields).
 */
import SqliteDatabase from "better-sqlite3";
import { speedRatioOf, type MeasurementResult } from "../measurement.js";
import { createRandom } from "../random.js";
import { summarize, timeEach, type Summary } from "../statistics.js";
import type { AppClient } from "./persons-list.js";

/** Pages the list rows draw from: the first ones, where a client's browsing and a sync's first reads fall. */
export const LIST_PAGES_DRAWN_FROM = 200;

/**
 * `samples` page numbers of a list of `records` records, `perPage` a page: the first page (the generator's
 * heaviest records sort first: their ids follow the samplers' order), then pages drawn uniformly from the
 * first {@link LIST_PAGES_DRAWN_FROM}.
 */
export function drawListPages(records: number, perPage: number, samples: number, seed: number): number[] {
  const random = createRandom(seed);
  const lastPage = Math.min(LIST_PAGES_DRAWN_FROM, Math.max(1, Math.floor(records / perPage)));
  return Array.from({ length: samples }, (_unused, at) => (at === 0 ? 1 : random.integer(1, lastPage)));
}

/** Times `GET {path}?per_page=…&page=…` for each of `pages` through the app, reading each answer's JSON. */
export async function timeAppPages(app: AppClient, apiKey: string, path: string, perPage: number, pages: readonly number[]): Promise<Summary> {
  return summarize(
    await timeEach(pages, async (page) => {
      const response = await app.request(`${path}?per_page=${perPage}&page=${page}`, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      await response.json();
    }),
  );
}

/** One list row: what it pages over, and what its report says. */
export interface ListRowSpec {
  id: string;
  title: string;
  table: "persons" | "companies";
  records: number;
  perPage: number;
  samples: number;
  seed: number;
  baselineLabel: string;
  notes: string[];
  /** What the SQL side reads beside each page's rows and the total (made once per database). */
  alsoRead?: (database: SqliteDatabase.Database) => (rows: Array<{ uuid: string }>) => unknown;
}

/**
 * `GET /v1/{table}` pages through the app against hand-written SQL of the same pages: the rows in the list's
 * default order (`service_updated_at`, then uuid), the total, and what `alsoRead` adds, serialized as JSON.
 */
export async function measureListRows(app: AppClient, apiKey: string, databasePath: string, tenantUuid: string, spec: ListRowSpec): Promise<MeasurementResult> {
  const { table, perPage } = spec;
  const pages = drawListPages(spec.records, perPage, spec.samples, spec.seed);
  const subject = await timeAppPages(app, apiKey, `/v1/${table}`, perPage, pages);
  const database = new SqliteDatabase(databasePath, { readonly: true });
  let baseline: Summary;
  try {
    const pageQuery = database.prepare(`select * from ${table} where tenant_uuid = ? and deleted_at is null order by service_updated_at, uuid limit ? offset ?`);
    const countQuery = database.prepare(`select count(*) as total from ${table} where tenant_uuid = ? and deleted_at is null`);
    const alsoRead = spec.alsoRead?.(database);
    baseline = summarize(
      await timeEach(pages, (page) => {
        const rows = pageQuery.all(tenantUuid, perPage, (page - 1) * perPage) as Array<{ uuid: string }>;
        countQuery.get(tenantUuid);
        JSON.stringify({ items: rows, also: alsoRead?.(rows) });
      }),
    );
  } finally {
    database.close();
  }
  return {
    id: spec.id,
    title: spec.title,
    subject: { label: "the app in-process", summary: subject },
    baseline: { label: spec.baselineLabel, summary: baseline },
    speedRatio: speedRatioOf(subject, baseline),
    targets: [],
    figures: {},
    notes: spec.notes,
  };
}
