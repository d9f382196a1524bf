/**
 * The list rows' shared steps (measurements 5a and 5b): which pages to ask, and asking them through the whole
 * app in-process (auth, rate limits, validation, derived fields).
 */
import { createRandom } from "../random.js";
import { summarize, timeEach, type Summary } from "../statistics.js";
import type { AppClient } from "./persons-list.js";

/** Pages the list rows draw from: the first ones, where a client's browsing and a sync's first reads fall. */
export const LIST_PAGES_DRAWN_FROM = 200;

/**
 * `samples` page numbers of a list of `records` records, `perPage` a page: the first page (the generator's
 * heaviest records sort first: their ids follow the samplers' order), then pages drawn uniformly from the
 * first {@link LIST_PAGES_DRAWN_FROM}.
 */
export function drawListPages(records: number, perPage: number, samples: number, seed: number): number[] {
  const random = createRandom(seed);
  const lastPage = Math.min(LIST_PAGES_DRAWN_FROM, Math.max(1, Math.floor(records / perPage)));
  return Array.from({ length: samples }, (_unused, at) => (at === 0 ? 1 : random.integer(1, lastPage)));
}

/** Times `GET {path}?per_page=…&page=…` for each of `pages` through the app, reading each answer's JSON. */
export async function timeAppPages(app: AppClient, apiKey: string, path: string, perPage: number, pages: readonly number[]): Promise<Summary> {
  return summarize(
    await timeEach(pages, async (page) => {
      const response = await app.request(`${path}?per_page=${perPage}&page=${page}`, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      await response.json();
    }),
  );
}
