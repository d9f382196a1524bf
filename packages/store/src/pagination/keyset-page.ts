/**
 * @module
 * Keyset ("seek") pagination over any Kysely select: ordering by sort keys then a unique
 * tiebreaker, with nullable keys placed last. One implementation serves every list in the store.
 */
import type { SortOrder } from "@rapport/graph";
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import { InvalidInputError } from "../errors.js";
import type { RememberedValues } from "../sqlite/generation-cache.js";
import { rememberedTotal } from "./remembered-total.js";

/** One column of the ordering. The last key of a request must be unique (the tiebreaker). */
export interface SortKey {
  /** Column reference as written in the query, e.g. `persons.name`. */
  column: string;
  direction: SortOrder;
  /** Nullable columns sort their nulls last, whatever the direction. */
  nullable?: boolean;
}

/** Where a page starts: by offset (page numbers) or right after a known row (cursor). */
export type PagePosition = { kind: "offset"; offset: number } | { kind: "after"; key: KeyValues };

/** The sort-key values of one row, in the order of the sort keys. */
export type KeyValues = ReadonlyArray<string | number | null>;

/** What one list call asks the store for. */
export interface PageRequest {
  position: PagePosition;
  limit: number;
}

/** One page of rows, the key of its last row, and the total (only on the offset path). */
export interface Page<Row> {
  rows: Row[];
  hasMore: boolean;
  total: number | null;
  lastKey: KeyValues | null;
}

interface ExpandedKey {
  expression: Expression<unknown>;
  direction: SortOrder;
  sourceIndex: number;
  isNullFlag: boolean;
}

function expandKeys(keys: readonly SortKey[]): ExpandedKey[] {
  const expanded: ExpandedKey[] = [];
  keys.forEach((key, sourceIndex) => {
    if (key.nullable) {
      expanded.push({
        expression: sql<number>`(case when ${sql.ref(key.column)} is null then 1 else 0 end)`,
        direction: "asc",
        sourceIndex,
        isNullFlag: true,
      });
    }
    expanded.push({ expression: sql.ref(key.column), direction: key.direction, sourceIndex, isNullFlag: false });
  });
  return expanded;
}

function keyConditions(key: ExpandedKey, cursorValue: string | number | null) {
  if (key.isNullFlag) {
    const flag = cursorValue === null ? 1 : 0;
    return {
      after: flag === 0 ? sql<SqlBool>`${key.expression} = 1` : sql<SqlBool>`1 = 0`,
      equal: sql<SqlBool>`${key.expression} = ${flag}`,
    };
  }
  if (cursorValue === null) {
    return { after: sql<SqlBool>`1 = 0`, equal: sql<SqlBool>`${key.expression} is null` };
  }
  const after =
    key.direction === "asc"
      ? sql<SqlBool>`${key.expression} > ${cursorValue}`
      : sql<SqlBool>`${key.expression} < ${cursorValue}`;
  return { after, equal: sql<SqlBool>`${key.expression} = ${cursorValue}` };
}

/**
 * The row-value form of the condition, `(k1, k2, ...) > (v1, v2, ...)` (`<` descending), when every key
 * runs one way and none is nullable: an index on the keys then seeks to the cursor. The `or` form below
 * is no range, so a page walking that index read every entry from the start of the list up to the cursor.
 */
function rowValueAfter(expanded: readonly ExpandedKey[], values: KeyValues): Expression<SqlBool> | undefined {
  const direction = expanded[0]?.direction;
  if (expanded.some((key) => key.isNullFlag || key.direction !== direction)) return undefined;
  const cursor = expanded.map((key) => values[key.sourceIndex] ?? null);
  if (cursor.some((value) => value === null)) return undefined;
  const operator = direction === "asc" ? sql`>` : sql`<`;
  return sql<SqlBool>`((${sql.join(expanded.map((key) => key.expression))}) ${operator} (${sql.join(cursor)}))`;
}

/**
 * A row strictly after the key: `rowValueAfter` when it applies, else
 * `(k1 after v1) or (k1 = v1 and k2 after v2) or ...`. A key of another length than `keys` is an InvalidInputError
 * (a caller's cursor for another list).
 */
export function afterKeyCondition(keys: readonly SortKey[], values: KeyValues): Expression<SqlBool> {
  if (values.length !== keys.length) {
    throw new InvalidInputError(`keysetPage: cursor key has ${values.length} values for ${keys.length} sort keys`);
  }
  const expanded = expandKeys(keys);
  const rowValue = rowValueAfter(expanded, values);
  if (rowValue) return rowValue;
  const branches: Expression<SqlBool>[] = [];
  const equalities: Expression<SqlBool>[] = [];
  for (const key of expanded) {
    const { after, equal } = keyConditions(key, values[key.sourceIndex] ?? null);
    branches.push(equalities.length === 0 ? after : sql<SqlBool>`(${sql.join(equalities, sql` and `)} and ${after})`);
    equalities.push(equal);
  }
  return sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}

/**
 * Runs one page of `query` ordered by `keys`. `query` must already carry its filters and select
 * every key column under the column's own name (the row's `name` for `persons.name`).
 *
 * @example
 * const page = await keysetPage(db, db.selectFrom("persons").selectAll().where(...),
 *   [{ column: "persons.name", direction: "asc" }, { column: "persons.uuid", direction: "asc" }],
 *   { position: { kind: "offset", offset: 0 }, limit: 10 });
 */
export async function keysetPage<DB, TB extends keyof DB, Row extends Record<string, unknown>>(
  query: SelectQueryBuilder<DB, TB, Row>,
  keys: readonly SortKey[],
  request: PageRequest,
  options: {
    countTotal?: boolean;
    /**
     * Totals already counted, by count statement and parameters, while what they count holds still (the
     * remembered reads of the list's scope); a total counted here is added to them.
     */
    rememberedTotals?: RememberedValues<number> | null;
    /**
     * The same rows as `query`, written for another plan, that the total counts instead: a page and a count of the
     * same rows may each be cheapest by another plan (a walk of the sort's index stops at the page; a count reads
     * every row).
     */
    countFrom?: SelectQueryBuilder<DB, TB, object>;
  } = {},
): Promise<Page<Row>> {
  const { countTotal = true, rememberedTotals = null, countFrom = query } = options;
  let ordered = query;
  for (const key of expandKeys(keys)) {
    ordered = ordered.orderBy(key.expression as never, key.direction);
  }
  let paged = ordered;
  if (request.position.kind === "after") {
    paged = paged.where(afterKeyCondition(keys, request.position.key) as never);
  } else if (request.position.offset > 0) {
    paged = paged.offset(request.position.offset);
  }
  const fetched = await paged.limit(request.limit + 1).execute();
  const hasMore = fetched.length > request.limit;
  const rows = hasMore ? fetched.slice(0, request.limit) : fetched;

  let total: number | null = null;
  if (request.position.kind === "offset" && countTotal) {
    const counting = countFrom.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as("total"));
    const key = rememberedTotals === null ? "" : statementKey(counting.compile());
    total = await rememberedTotal(rememberedTotals, key, async () => Number(((await counting.executeTakeFirst()) as { total?: number } | undefined)?.total ?? 0));
  }

  return { rows, hasMore, total, lastKey: lastKeyOf(rows, keys) };
}

/** The sort-key values of the last of `rows` (null for none), as a cursor carries them. */
export function lastKeyOf(rows: ReadonlyArray<Record<string, unknown>>, keys: readonly SortKey[]): KeyValues | null {
  const last = rows.at(-1);
  return last ? keys.map((key) => columnValue(last, key.column)) : null;
}

function columnValue(row: Record<string, unknown>, column: string): string | number | null {
  const name = column.includes(".") ? column.slice(column.lastIndexOf(".") + 1) : column;
  const value = row[name];
  if (value === undefined) {
    throw new Error(`keysetPage: the query does not select sort column "${column}"`);
  }
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  throw new Error(`keysetPage: sort column "${column}" holds a ${typeof value}, not a string or number`);
}

/** A compiled statement's SQL and parameters as one key: the same count, asked again. */
function statementKey(compiled: { sql: string; parameters: readonly unknown[] }): string {
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}
