/** @module Times GET requests through the app in-process, each answer read whole, as a client reads a page. */
import { timeEach } from "../statistics.js";
import type { AppClient } from "./persons-list.js";

/**
 * The duration of each GET of `urls` through `app` with `apiKey`, after `warmup` untimed ones; a status other than 200
 * stops the measurement.
 * @example await timeAppReads(app, apiKey, ["/v1/opportunities?per_page=50"], 2);
 */
export async function timeAppReads(app: AppClient, apiKey: string, urls: readonly string[], warmup: number): Promise<number[]> {
  return timeEach(
    urls,
    async (url) => {
      const response = await app.request(url, { headers: { "x-api-key": apiKey } });
      if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
      await response.json();
    },
    warmup,
  );
}
