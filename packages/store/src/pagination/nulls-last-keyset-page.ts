/**
 * @module
 * Keyset pagination on one nullable sort key then a unique tiebreaker, nulls last in both directions, read as two
 * segments: the rows with a value, in (value, tiebreaker) order, then the rows without one, in tiebreaker order.
 */
import type { SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import { InvalidInputError } from "../errors.js";
import { keysetPage, lastKeyOf, type Page, type PageRequest, type SortKey } from "./keyset-page.js";

/**
 * One page of the rows of `segment(true)` (those whose value is not null) followed by those of `segment(false)`
 * (null), ordered by `keys` as `keysetPage` orders them with `keys[0]` nullable: the same rows, the same cursors.
 * Each segment is one range of an index on (value, tiebreaker), walked either way; one ordering by "value is null"
 * first has no such index and sorts every row. Offset pages past the rows with a value count them (one more
 * statement); no total is counted.
 *
 * @example
 * const page = await nullsLastKeysetPage(
 *   (withValue) => db.selectFrom("rows").selectAll().where("score", withValue ? "is not" : "is", null),
 *   [{ column: "rows.score", direction: "desc" }, { column: "rows.uuid", direction: "desc" }],
 *   { position: { kind: "offset", offset: 0 }, limit: 10 },
 * );
 */
export async function nullsLastKeysetPage<DB, TB extends keyof DB, Row extends Record<string, unknown>>(
  segment: (withValue: boolean) => SelectQueryBuilder<DB, TB, Row>,
  keys: readonly [SortKey, SortKey],
  request: PageRequest,
): Promise<Page<Row>> {
  const [valueKey, tiebreaker] = keys;
  const valued = [{ ...valueKey, nullable: false }, tiebreaker];
  const { position, limit } = request;
  let withValue: Page<Row> | null = null;
  let nullsPosition: PageRequest["position"];
  if (position.kind === "after") {
    if (position.key.length !== keys.length) {
      throw new InvalidInputError(`keysetPage: cursor key has ${position.key.length} values for ${keys.length} sort keys`);
    }
    const [value, tie] = position.key;
    if (value === null) {
      nullsPosition = { kind: "after", key: [tie ?? null] };
    } else {
      withValue = await keysetPage(segment(true), valued, request, { countTotal: false });
      nullsPosition = { kind: "offset", offset: 0 };
    }
  } else {
    withValue = await keysetPage(segment(true), valued, request, { countTotal: false });
    const reached = withValue.rows.length > 0 || withValue.hasMore;
    nullsPosition = { kind: "offset", offset: reached ? 0 : position.offset - (await countOf(segment(true))) };
  }
  if (withValue?.hasMore) return { ...withValue, lastKey: lastKeyOf(withValue.rows, keys) };
  const taken = withValue?.rows ?? [];
  // A limit of 0 still tells whether a row without a value follows (keysetPage reads one more than the limit).
  const nulls = await keysetPage(segment(false), [tiebreaker], { position: nullsPosition, limit: limit - taken.length }, { countTotal: false });
  const rows = [...taken, ...nulls.rows];
  return { rows, hasMore: nulls.hasMore, total: null, lastKey: lastKeyOf(rows, keys) };
}

/** How many rows `query` selects. */
async function countOf<DB, TB extends keyof DB, Row>(query: SelectQueryBuilder<DB, TB, Row>): Promise<number> {
  const counted = (await query.clearSelect().clearOrderBy().select(sql<number>`count(*)`.as("total")).executeTakeFirst()) as { total?: number } | undefined;
  return Number(counted?.total ?? 0);
}
