/**
 * Pages an already ranked in-memory list the way the store pages tables: by offset, or right after
 * the row whose key the cursor carries. Lets small computed rankings use the one list helper.
 */
import type { KeyValues, Page, PageRequest } from "@rapport/store";
import { badRequest } from "../errors/api-error.js";

export function inMemoryPage<Row>(rows: readonly Row[], request: PageRequest, keyOf: (row: Row) => string): Page<Row> {
  let start: number;
  if (request.position.kind === "offset") {
    start = request.position.offset;
  } else {
    const [key] = request.position.key as KeyValues;
    const index = rows.findIndex((row) => keyOf(row) === key);
    if (index < 0) throw badRequest("cursor is no longer valid: the row it points after is gone; start again without cursor");
    start = index + 1;
  }
  const page = rows.slice(start, start + request.limit);
  const last = page.at(-1);
  return {
    rows: page,
    hasMore: start + request.limit < rows.length,
    total: request.position.kind === "offset" ? rows.length : null,
    lastKey: last === undefined ? null : [keyOf(last)],
  };
}
