/**
 * @module
 * The instant a scan of a sort computed from the clock (an opportunity's `days_in_stage`) is ordered at: the first
 * page's read, carried in the cursor key ahead of the sort values, so every later page orders at it. Ordered at each
 * page's own read, values crossing a day boundary between pages moved records nobody wrote past the cursor (listed
 * twice) or back behind it (never listed).
 */
import { InvalidInputError } from "../errors.js";
import type { Page, PageRequest } from "./keyset-page.js";

/**
 * The scan's instant and the request positioned on the sort values alone: a cursor key's first value, or `now()` for
 * a first page or a page number. A key of `sortKeyCount` values (a cursor issued before the instant was carried) or
 * one not led by a number is an InvalidInputError, so the scan starts again.
 *
 * @example
 * const { instant, request: positioned } = scanInstant(request, 2, now, "opportunities by days_in_stage");
 * const page = withScanInstant(await keysetPage(query(instant), keys, positioned), instant);
 */
export function scanInstant(request: PageRequest, sortKeyCount: number, now: () => number, listed: string): { instant: number; request: PageRequest } {
  const { position } = request;
  if (position.kind === "offset") return { instant: now(), request };
  const [instant, ...key] = position.key;
  if (position.key.length === sortKeyCount) {
    throw new InvalidInputError(
      `cursor no longer valid: ${listed} are ordered as of the scan's first page since this version, not as of each page; start the scan again without cursor`,
    );
  }
  if (typeof instant !== "number" || !Number.isFinite(instant) || key.length !== sortKeyCount) {
    throw new InvalidInputError(`scanInstant: cursor key of ${position.key.length} values is not an instant and ${sortKeyCount} sort values`);
  }
  return { instant, request: { ...request, position: { kind: "after", key } } };
}

/** `page` with its last key led by the scan's instant, as `scanInstant` reads it back. */
export function withScanInstant<P extends Pick<Page<unknown>, "lastKey">>(page: P, instant: number): P {
  return { ...page, lastKey: page.lastKey === null ? null : [instant, ...page.lastKey] };
}
