/**
 * @module
 * The list rules of the spec as a plain in-memory model, for model-based tests of the list endpoints: order by a
 * sort key then the uuid tiebreaker (empty values last in both directions), `per_page` clamped to 1-50, and a keyset
 * cursor page starting right after the last record of the page before.
 */
import type { Store, Tenant } from "@rapport/store";
import fc from "fast-check";
import { expect } from "vitest";
import { issueApiKey } from "../platform/auth/issue-api-key.js";

/** A sort key: a number or a string, null when the record has no value. */
export type SortKey = number | string | null;

export type SortOrder = "asc" | "desc";

/** What a record is ordered by in the model. */
export interface ModelRow {
  uuid: string;
  key: SortKey | readonly SortKey[];
}

const compareKey = (left: SortKey, right: SortKey): number => {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left < right ? -1 : 1;
};

/**
 * The spec's order: the key (nulls last whichever the direction, per docs/api-decisions.md "Lists and cursors"),
 * then the uuid, both in `order`'s direction. A key may be a tuple (compared element by element).
 */
export function compareRows(order: SortOrder): (left: ModelRow, right: ModelRow) => number {
  const sign = order === "asc" ? 1 : -1;
  return (left, right) => {
    const leftKey = Array.isArray(left.key) ? left.key : [left.key as SortKey];
    const rightKey = Array.isArray(right.key) ? right.key : [right.key as SortKey];
    for (let index = 0; index < leftKey.length; index++) {
      const a = leftKey[index] as SortKey;
      const b = rightKey[index] as SortKey;
      if (a === null || b === null) {
        if (a !== b) return a === null ? 1 : -1;
        continue;
      }
      const compared = compareKey(a, b);
      if (compared !== 0) return sign * compared;
    }
    return sign * compareKey(left.uuid, right.uuid);
  };
}

/** The model's full list: `rows` sorted. */
export function modelOrder<Row extends ModelRow>(rows: readonly Row[], order: SortOrder): Row[] {
  return [...rows].sort(compareRows(order));
}

/** The spec's `per_page`: 10 when omitted, values outside 1-50 capped. */
export function clampPerPage(perPage: number | undefined): number {
  return perPage === undefined ? 10 : Math.min(50, Math.max(1, perPage));
}

/** The next cursor page of the model: the first `perPage` rows after `after` (the last row already returned). */
export function pageAfter<Row extends ModelRow>(sorted: readonly Row[], after: ModelRow | null, perPage: number, order: SortOrder): { items: Row[]; hasMore: boolean } {
  const compare = compareRows(order);
  const rest = after === null ? sorted : sorted.filter((row) => compare(row, after) > 0);
  return { items: rest.slice(0, perPage), hasMore: rest.length > perPage };
}

/** Folds case the way the spec's "case-insensitive" reads for every letter (composed forms compared). */
export const foldAnyCase = (text: string): string => text.normalize("NFC").toLowerCase();

/** Folds A–Z only, as SQLite's `lower()` does. */
export const foldAsciiCase = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** Builds a query string from the defined entries. */
export function queryString(parameters: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** A list envelope as the spec has it. */
export interface ListEnvelope {
  items: Array<{ uuid: string }>;
  page: number;
  per_page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
}

export interface ModelWalk<Row extends ModelRow> {
  /** One page of the endpoint with these parameters (beside the query's own); a status other than 200 fails. */
  list(parameters: Record<string, string | number | undefined>): Promise<ListEnvelope>;
  /** The status of the endpoint's answer to these parameters. */
  status(parameters: Record<string, string | number | undefined>): Promise<number>;
  /** The model's full list as it is now, in the query's order. */
  rows(): Row[];
  order: SortOrder;
  /** Page sizes, used in turn (the page-numbered walk uses the first); out of range ones are clamped, none is 10. */
  perPages: readonly (number | undefined)[];
  /** The numbered page the cursor walk starts from (spec, cursor rule 5: a client may start with page). */
  startPage?: number;
  /** A change of the query's filters or sort (a 400 on a cursor's next page); none for a list without either. */
  changed?: Record<string, string>;
  /** Writes made after each cursor page but the last: the next page is the model's as it is then. */
  between?(step: number): Promise<void>;
  /** More checks of every page against the model's rows as they are then. */
  check?(body: ListEnvelope, rows: Row[]): void;
}

/**
 * How a walk pages: its page sizes (mostly small, so walks have pages; sometimes omitted or out of range) and the
 * numbered page its cursor walk starts from.
 */
export const walkPaging = fc.record({
  perPages: fc.array(
    fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.constantFrom<number | undefined>(undefined, -5, 0, 51, 1_000) }),
    { minLength: 1, maxLength: 3 },
  ),
  startPage: fc.integer({ min: 1, max: 2 }),
});

/**
 * fast-check's parameters for a model's run: a fixed seed, so CI runs the same cases; `MODEL_RUNS` and `MODEL_SEED`
 * in the environment explore further (`MODEL_RUNS=500 MODEL_SEED=7 vitest run <file>`).
 */
export function modelRunParameters<T>(numRuns: number, examples: T[] = []): fc.Parameters<T> {
  return { numRuns: Number(process.env.MODEL_RUNS ?? numRuns), seed: Number(process.env.MODEL_SEED ?? 20261207), examples };
}

const uuidsOf = (items: ReadonlyArray<{ uuid: string }>) => items.map((item) => item.uuid);

/**
 * Walks the endpoint by page numbers, then by cursor to the end, against the model: each numbered page is the
 * model's slice with its total (a page under 1 is page 1, one past the end is empty); each cursor page the first rows
 * after the last one returned before, in the model's order as it is then (cursor rule 1), `total` null (3), the last
 * with `has_more: false` and `next_cursor: null` (4), the walk starting from a numbered page's `next_cursor` (5).
 * Page and cursor together and a changed query are 400s (1, 2).
 */
export async function expectWalksAsModel<Row extends ModelRow>(walk: ModelWalk<Row>): Promise<void> {
  const expected = walk.rows();
  const perPage = clampPerPage(walk.perPages[0]);
  const pages = Math.max(1, Math.ceil(expected.length / perPage));
  for (let page = 1; page <= pages + 1; page++) {
    const body = await walk.list({ page: page === 1 ? 0 : page, per_page: walk.perPages[0] });
    expect(uuidsOf(body.items), `page ${page}`).toEqual(uuidsOf(expected.slice((page - 1) * perPage, page * perPage)));
    expect(body).toMatchObject({ page, per_page: perPage, total: expected.length, has_more: page * perPage < expected.length });
    walk.check?.(body, expected);
  }
  const startPage = Math.min(walk.startPage ?? 1, pages);
  const skipped = expected.slice(0, (startPage - 1) * perPage).at(-1);
  let after: ModelRow | null = skipped ? { uuid: skipped.uuid, key: skipped.key } : null;
  let cursor: string | undefined;
  for (let step = 0; ; step++) {
    const size = cursor === undefined ? walk.perPages[0] : walk.perPages[step % walk.perPages.length];
    const body = await walk.list(cursor === undefined ? { per_page: size, page: startPage } : { per_page: size, cursor });
    const rows = walk.rows();
    const want: { items: Row[]; hasMore: boolean } = pageAfter(rows, after, clampPerPage(size), walk.order);
    expect(uuidsOf(body.items), `cursor page ${step + 1}`).toEqual(uuidsOf(want.items));
    expect(body.has_more, `cursor page ${step + 1}`).toBe(want.hasMore);
    if (cursor !== undefined) expect(body.total).toBeNull();
    walk.check?.(body, rows);
    if (!want.hasMore) {
      expect(body.next_cursor).toBeNull();
      return;
    }
    const last: Row = want.items.at(-1)!;
    after = { uuid: last.uuid, key: last.key };
    cursor = body.next_cursor ?? undefined;
    expect(cursor, "next_cursor while has_more").toBeTypeOf("string");
    if (step === 0) {
      expect(await walk.status({ cursor, page: 1 }), "page with cursor").toBe(400);
      if (walk.changed) expect(await walk.status({ cursor, ...walk.changed }), `cursor with ${JSON.stringify(walk.changed)}`).toBe(400);
    }
    await walk.between?.(step);
  }
}

/**
 * The persons' and companies' name order key (docs/api-decisions.md "Persons and companies": case and accents
 * folded, then the name as written): for names of letters and spaces, without letters that fold to two.
 */
export const alphabeticalKey = (name: string): [string, string] => [name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(), name];

/** A model run's tenant of its own, with limits no walk reaches, and an API key of it. */
export async function modelTenant(store: Store): Promise<{ tenant: Tenant; key: string }> {
  const tenant = await store.tenants.create({ name: "Model", tier: "custom", per_second_limit: 100_000, monthly_limit: 10_000_000 });
  return { tenant, key: (await issueApiKey(store, { tenantUuid: tenant.uuid })).plaintext };
}

/** Query parameters of one page, beside the query's own. */
type PageParameters = Record<string, string | number | undefined>;

/**
 * A walk's `list` and `status` over HTTP: `get` of `path` with the query's `base` parameters and each page's own.
 * `list` requires a 200 and reads the body through `shape` (checks of its own, or items under another key).
 */
export function pagesOver<Body = ListEnvelope>(
  get: (pathAndQuery: string) => Promise<Response>,
  path: string,
  base: PageParameters,
  shape: (body: Body) => ListEnvelope = (body) => body as ListEnvelope,
): Pick<ModelWalk<ModelRow>, "list" | "status"> {
  const request = (page: PageParameters) => get(`${path}${queryString({ ...base, ...page })}`);
  return {
    async list(page) {
      const response = await request(page);
      const body = (await response.json()) as Body;
      expect(response.status, JSON.stringify(body)).toBe(200);
      return shape(body);
    },
    status: async (page) => (await request(page)).status,
  };
}
