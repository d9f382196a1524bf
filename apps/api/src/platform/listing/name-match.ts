/**
 * @module
 * Lists found by `name` whose store page says how the name matched (`nameMatch`: the person list): the envelope then
 * carries it as `name_match`.
 */
import type { Page, PageRequest } from "@rapport/store";
import { z } from "zod";
import type { ListEnvelope } from "./list-envelope.js";
import { listPage, type ListPageOptions } from "./list-page.js";

/** The `name_match` field of a list response, one of `values`; present only when `name` was given. */
export function nameMatchField<const Value extends string>(values: readonly [Value, ...Value[]]) {
  return z.enum(values).optional();
}

/**
 * `listPage` for a store page carrying `nameMatch`: the envelope with `name_match` when the page has one.
 *
 * @example
 * await listPageWithNameMatch({ paging, query, cursors, fetch: (request) => store.persons.list(tenant, { ...request, filters }), present });
 */
export async function listPageWithNameMatch<Row, Item, Match extends string>(
  options: Omit<ListPageOptions<Row, Item>, "fetch"> & { fetch: (request: PageRequest) => Promise<Page<Row> & { nameMatch?: Match }> },
): Promise<ListEnvelope<Item> & { name_match?: Match }> {
  let nameMatch: Match | undefined;
  const envelope = await listPage({
    ...options,
    fetch: async (request) => {
      const page = await options.fetch(request);
      nameMatch = page.nameMatch;
      return page;
    },
  });
  return nameMatch === undefined ? envelope : { ...envelope, name_match: nameMatch };
}
