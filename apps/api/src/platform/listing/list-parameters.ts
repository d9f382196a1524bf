/**
 * @module
 * The shared list parameters: `page` (1-indexed, clamped to at least 1), `per_page` (default 10,
 * clamped to 1..50: values outside are capped, not rejected), and `cursor` where supported.
 * A value that is not an integer at all is a 400.
 */
import { SORT_ORDERS, type SortOrder } from "@rapport/graph";
import { z } from "zod";
import { MAX_CURSOR_LENGTH } from "../request/field-limits.js";
import { wholeNumberText } from "../request/whole-number-text.js";

export const DEFAULT_PER_PAGE = 10;
/** Far past any real data; keeps the offset within what databases accept. */
export const MAX_PAGE = 1_000_000_000;
export const MAX_PER_PAGE = 50;


const PAGE_DESCRIPTION = "Page number, 1-indexed; values below 1 are treated as 1.";
const PER_PAGE_DESCRIPTION = "Items per page: default 10; values outside 1-50 are capped to that range, not rejected.";
const CURSOR_DESCRIPTION =
  "Opaque next_cursor of a previous response: the page starts right after its last record. " +
  "Keep every filter and the sort unchanged during a scan; per_page may change. Not allowed together with page.";
const PAGE_WITH_CURSOR_DESCRIPTION = `${PAGE_DESCRIPTION} Not allowed together with cursor.`;

/**
 * The paging parameters' texts as MCP tool arguments, by their REST descriptions: the same facts said shortly, since
 * a tool list (loaded into a model's context) repeats them for every list tool where the OpenAPI document shows them
 * once per operation. Keyed by the REST text, so a parameter described otherwise keeps its own text.
 */
export const LIST_PARAMETER_TOOL_TEXTS: ReadonlyMap<string, string> = new Map([
  [PAGE_DESCRIPTION, "Page number from 1."],
  [PAGE_WITH_CURSOR_DESCRIPTION, "Page number from 1. Not with cursor."],
  [PER_PAGE_DESCRIPTION, "Items per page, 1-50 (default 10)."],
  [CURSOR_DESCRIPTION, "next_cursor of the previous page; keep the other arguments (per_page may change). Not with page."],
]);

export const pageParameter = wholeNumberText()
  .transform((page) => Math.min(MAX_PAGE, Math.max(1, page)))
  .optional()
  .describe(PAGE_DESCRIPTION);

export const perPageParameter = wholeNumberText()
  .transform((perPage) => Math.min(MAX_PER_PAGE, Math.max(1, perPage)))
  .optional()
  .describe(PER_PAGE_DESCRIPTION);

export const cursorParameter = z
  .string()
  .max(MAX_CURSOR_LENGTH)
  .optional()
  .describe(CURSOR_DESCRIPTION);

/** Page-numbered lists (no cursor). */
export const pagedListQuery = z.object({ page: pageParameter, per_page: perPageParameter });

/** Lists that also accept a cursor (only these name it in `page`'s description). */
export const cursorListQuery = pagedListQuery.extend({
  page: pageParameter.describe(PAGE_WITH_CURSOR_DESCRIPTION),
  cursor: cursorParameter,
});

/** The `order` of a list or a ranking: one of `SORT_ORDERS`, `defaultOrder` when not given. */
export const sortOrderParameter = (defaultOrder: SortOrder) =>
  z
    .enum(SORT_ORDERS)
    .default(defaultOrder)
    .describe(`Sort direction; default ${defaultOrder}.`);
