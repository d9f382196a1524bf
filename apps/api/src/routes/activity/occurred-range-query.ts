/** @module The `occurred_after`/`occurred_before` query of the person and company activity timelines, and the store range they make. */
import type { TimelineRequest } from "@rapport/store";
import { cursorListQuery } from "../../platform/listing/list-parameters.js";
import { refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";

/** A timeline's paging query with its time range: what an agent asks "since yesterday" or "this quarter" with. */
export const occurredRangeListQuery = cursorListQuery.extend({
  occurred_after: isoBoundQuery("occurred_at at or after this.", "start").optional(),
  occurred_before: isoBoundQuery("occurred_at at or before this.", "end").optional(),
});

/**
 * The store's time range for the query's bounds (a 400 when `occurred_after` is past `occurred_before`), with only
 * the bounds given.
 */
export function occurredRange(query: { occurred_after?: number | undefined; occurred_before?: number | undefined }): Pick<TimelineRequest, "occurredAfter" | "occurredBefore"> {
  refuseReversedRange(["occurred_after", "occurred_before"], query.occurred_after, query.occurred_before);
  const range: Pick<TimelineRequest, "occurredAfter" | "occurredBefore"> = {};
  if (query.occurred_after !== undefined) range.occurredAfter = query.occurred_after;
  if (query.occurred_before !== undefined) range.occurredBefore = query.occurred_before;
  return range;
}
