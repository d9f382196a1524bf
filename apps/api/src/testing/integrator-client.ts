/**
 * @module
 * A CRM integrator's HTTP client for sync tests, written from the documentation (docs/syncing.md): it honours
 * 429 with `Retry-After`, follows `next_cursor` to the end of a scan, and keeps its place in the activity feed by
 * `after_sequence`. Waiting is injected, so a test with a manual clock moves the clock instead of sleeping.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;

export interface IntegratorClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Waits the given seconds (a test advances its clock). */
  wait(seconds: number): Promise<void> | void;
}

/** What a scan saw: every item in the order received, and how many requests and 429s it took. */
export interface ScanResult {
  items: JsonObject[];
  requests: number;
  rateLimited: number;
}

export interface IntegratorClient {
  /** Sends a request; a 429 is retried after its `Retry-After` (seconds). Answers the last response. */
  send(path: string, options?: { method?: string; body?: unknown }): Promise<{ status: number; headers: Headers; body: JsonObject | null }>;
  /** GET that must succeed; its JSON body. */
  get(path: string): Promise<JsonObject>;
  /**
   * Reads `path` with `parameters` from the first page to the last by cursor; `betweenPages` runs after each
   * page but the last (where another client writes, in tests).
   */
  scan(path: string, parameters?: Record<string, string>, betweenPages?: () => Promise<void>): Promise<ScanResult>;
  /** The 429s answered so far, with their headers. */
  readonly refusals: Array<{ headers: Headers; body: JsonObject | null }>;
}

export function createIntegratorClient({ baseUrl, apiKey, wait }: IntegratorClientOptions): IntegratorClient {
  const refusals: IntegratorClient["refusals"] = [];
  let requests = 0;

  async function send(path: string, options: { method?: string; body?: unknown } = {}) {
    for (;;) {
      requests += 1;
      const response = await fetch(`${baseUrl}${path}`, {
        method: options.method ?? "GET",
        headers: { "x-api-key": apiKey, ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      const text = await response.text();
      const body = text ? (JSON.parse(text) as JsonObject) : null;
      if (response.status !== 429) return { status: response.status, headers: response.headers, body };
      refusals.push({ headers: response.headers, body });
      const retryAfter = Number(response.headers.get("retry-after"));
      if (!Number.isFinite(retryAfter) || retryAfter <= 0) return { status: response.status, headers: response.headers, body };
      await wait(retryAfter);
    }
  }

  async function get(path: string): Promise<JsonObject> {
    const answer = await send(path);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body!;
  }

  async function scan(path: string, parameters: Record<string, string> = {}, betweenPages?: () => Promise<void>): Promise<ScanResult> {
    const items: JsonObject[] = [];
    const requestsBefore = requests;
    const refusalsBefore = refusals.length;
    let query = new URLSearchParams(parameters);
    for (;;) {
      const page = await get(`${path}?${query}`);
      items.push(...(page.items as JsonObject[]));
      if (!page.has_more) break;
      if (typeof page.next_cursor !== "string") throw new Error(`${path}: has_more without next_cursor`);
      if (betweenPages) await betweenPages();
      // The cursor path keeps every filter and the sort; only the position changes.
      query = new URLSearchParams({ ...parameters, cursor: page.next_cursor });
      query.delete("page");
    }
    return { items, requests: requests - requestsBefore, rateLimited: refusals.length - refusalsBefore };
  }

  return { send, get, scan, refusals };
}
