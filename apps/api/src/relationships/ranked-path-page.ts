/**
 * @module
 * Pages a recommended-paths ranking by cursor as a keyset. Resuming "after the last user returned" skipped or
 * repeated users whose own standing had not changed whenever that last user moved in the ranking (new activity
 * between two pages). Scores also decay with time, so a keyset on them needs one instant: the cursor carries the
 * instant the scan's first page was ranked at and the last item's sort values, and later pages rank at that same
 * instant and start at the first item after those values.
 */
import { compareNames } from "@rapport/graph";
import type { KeyValues, Page, PageRequest } from "@rapport/store";
import { badRequest } from "../platform/errors/api-error.js";

/** What the ranking orders by: the fields of a recommended-path item it reads. */
export interface RankedPathSortFields {
  person_uuid: string;
  user_uuid: string;
  connection_score: number;
  /** Optional as the response type has it (a default of 0). */
  path_count?: number;
}

export interface RankedPathOrder {
  sortBy: "score" | "name";
  order: "asc" | "desc";
  /** The user's name as the ranking sorts it (null sorts last). */
  nameOf(userUuid: string): string | null;
}

/** The instant a page ranks at: the cursor's, else `now` (a first page, or a page number). */
export function rankingInstant(request: PageRequest, now: number): number {
  if (request.position.kind === "offset") return now;
  const instant = request.position.key[0];
  if (typeof instant !== "number") throw badRequest("cursor is not valid for this list; start again without cursor");
  return instant;
}

const compareText = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);


type SortValues = readonly [number | string | null, number, number | string];

/** The values the ranking orders an item by, in its order of precedence. */
function sortValues(item: RankedPathSortFields, { sortBy, nameOf }: RankedPathOrder): SortValues {
  return sortBy === "score"
    ? [item.connection_score, item.path_count ?? 0, item.user_uuid]
    : [nameOf(item.user_uuid), item.connection_score, item.user_uuid];
}

/** The graph's ranking order (recommendedPaths in @rapport/graph), on sort values. */
function compareSortValues(left: SortValues, right: SortValues, { sortBy, order }: RankedPathOrder): number {
  const direction = order === "desc" ? -1 : 1;
  if (sortBy === "score") {
    return (
      direction * ((left[0] as number) - (right[0] as number)) ||
      direction * (left[1] - (right[1] as number)) ||
      compareText(left[2] as string, right[2] as string)
    );
  }
  // Names as the graph's ranking compares them (alphabetically in every script), nulls last in both directions.
  const [leftName, rightName] = [left[0] as string | null, right[0] as string | null];
  const byName = leftName === null || rightName === null ? compareNames(leftName, rightName) : direction * compareNames(leftName, rightName);
  return byName || (right[1] as number) - left[1] || compareText(left[2] as string, right[2] as string);
}

/**
 * One page of `items` (already ranked at `instant`): by offset, or from the first item after the cursor's sort
 * values. Its last key is `[instant, ...sort values]`.
 *
 * @example
 * const instant = rankingInstant(request, view.now);
 * const ranked = await rankedPaths(services, auth, { ...view, now: instant, scoring: { ...view.scoring, now: instant } }, target, options);
 * return rankedPathPage(ranked.items, request, instant, { sortBy, order, nameOf });
 */
export function rankedPathPage<Item extends RankedPathSortFields>(
  items: readonly Item[],
  request: PageRequest,
  instant: number,
  ranking: RankedPathOrder,
): Page<Item> {
  let start: number;
  if (request.position.kind === "offset") {
    start = request.position.offset;
  } else {
    const after = request.position.key.slice(1) as KeyValues as SortValues;
    const index = items.findIndex((item) => compareSortValues(sortValues(item, ranking), after, ranking) > 0);
    start = index < 0 ? items.length : index;
  }
  const rows = items.slice(start, start + request.limit);
  const last = rows.at(-1);
  return {
    rows,
    hasMore: start + request.limit < items.length,
    total: request.position.kind === "offset" ? items.length : null,
    lastKey: last === undefined ? null : [instant, ...sortValues(last, ranking)],
  };
}
