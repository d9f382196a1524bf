/**
 * @module
 * `Cache-Control: no-store` on every `/v1` answer that does not say otherwise. The API is authenticated by
 * `x-api-key`, not `Authorization`, so a shared cache in front (a reverse proxy, a CDN) may keep a GET's answer
 * by its URL alone (RFC 9111 4.2.2 lets it guess a freshness; Varnish keeps such answers two minutes by
 * default) and give one tenant's person to another tenant asking for the same URL.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";

/** The response header every `/v1` answer carries, unless its operation sets its own. */
export const NO_STORE = { name: "cache-control", value: "no-store" } as const;

/** Sets `Cache-Control: no-store` on the answer (a refusal included) when the operation set none. */
export function noStoreAnswers(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    await next();
    if (!context.res.headers.has(NO_STORE.name)) context.res.headers.set(NO_STORE.name, NO_STORE.value);
  };
}
