/** A JSON request helper for HTTP tests: status and parsed body (null for an empty 204). */
import type { TestContext } from "./test-harness.js";

export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
}

export function apiCaller(context: TestContext, defaultKey: () => string) {
  return async (path: string, options: { key?: string; method?: string; body?: unknown; userUuid?: string } = {}): Promise<ApiAnswer> => {
    const response = await context.request(path, {
      key: options.key ?? defaultKey(),
      method: options.method,
      body: options.body,
      userUuid: options.userUuid,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}
