/**
 * @module
 * The one helper every list endpoint uses: validates page/per_page/cursor together, positions the
 * page (offset for page numbers, keyset after the cursor's row), and builds the envelope with a
 * next_cursor bound to the exact query that produced it.
 */
import type { Page, PagePosition, PageRequest } from "@rapport/store";
import { badRequest } from "../errors/api-error.js";
import type { CursorCodec } from "./cursor-codec.js";
import { formerQueryFingerprint, queryFingerprint } from "./cursor-codec.js";
import type { ListEnvelope } from "./list-envelope.js";
import { DEFAULT_PER_PAGE } from "./list-parameters.js";

export interface ListPageOptions<Row, Item> {
  /** The parsed shared parameters. */
  paging: { page?: number | undefined; per_page?: number | undefined; cursor?: string | undefined };
  /** Everything else that shapes the result (filters, sort, operation, tenant): binds cursors. */
  query: Record<string, unknown>;
  /** null where the endpoint does not support cursors. */
  cursors: CursorCodec | null;
  /**
   * The order changed in a release (ties broken otherwise, text sorted alphabetically): `mark` joins the query cursors
   * bind to, and a cursor bound to the query without it, issued before the upgrade, is refused with `refusal`, which
   * says what changed, not as if the client had changed its filters. Several changes, oldest first: a cursor bound
   * with the marks of the first few is refused with the refusal of the first it lacks.
   */
  orderChange?: OrderChange | readonly OrderChange[];
  fetch: (request: PageRequest) => Promise<Page<Row>>;
  present: (rows: Row[]) => Item[] | Promise<Item[]>;
}

/** A release's change of a list's order, as cursors bind to it (`ListPageOptions.orderChange`). */
export interface OrderChange {
  mark: Record<string, string>;
  refusal: string;
}

export async function listPage<Row, Item>(options: ListPageOptions<Row, Item>): Promise<ListEnvelope<Item>> {
  const { paging, cursors } = options;
  const perPage = paging.per_page ?? DEFAULT_PER_PAGE;
  const changes: readonly OrderChange[] = options.orderChange === undefined ? [] : "mark" in options.orderChange ? [options.orderChange] : options.orderChange;
  const withMarks = (count: number) => Object.assign({}, options.query, ...changes.slice(0, count).map((change) => change.mark)) as Record<string, unknown>;
  const query = withMarks(changes.length);
  const fingerprint = queryFingerprint(query);
  let position: PagePosition;
  let pageNumber: number;
  if (paging.cursor !== undefined && cursors) {
    if (paging.page !== undefined) {
      throw badRequest("send either page or cursor, not both: a cursor already says where the page starts");
    }
    const cursor = cursors.decode(paging.cursor);
    const isOf = (query: Record<string, unknown>) => cursor.query === queryFingerprint(query) || cursor.query === formerQueryFingerprint(query);
    if (cursor.query !== fingerprint && cursor.query !== formerQueryFingerprint(query)) {
      const lacking = changes.findIndex((_, index) => isOf(withMarks(index)));
      if (lacking >= 0) throw badRequest(changes[lacking]!.refusal);
      // The fingerprint covers the operation too, so a cursor of another list lands here as well.
      throw badRequest(
        "cursor is for another scan: the filters or sort changed during it, or it came from another list; keep them identical, or start a new scan without cursor",
      );
    }
    position = { kind: "after", key: cursor.key };
    pageNumber = cursor.page;
  } else {
    pageNumber = paging.page ?? 1;
    position = { kind: "offset", offset: (pageNumber - 1) * perPage };
  }
  const page = await options.fetch({ position, limit: perPage });
  const nextCursor =
    cursors && page.hasMore && page.lastKey
      ? cursors.encode({ query: fingerprint, key: page.lastKey, page: pageNumber + 1 })
      : null;
  return {
    items: await options.present(page.rows),
    page: pageNumber,
    per_page: perPage,
    total: page.total,
    has_more: page.hasMore,
    next_cursor: nextCursor,
  };
}
