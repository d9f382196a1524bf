/**
 * @module
 * Rate limiting per the specification's Limits section: a per-second window per API key (per key lineage: a
 * rotated key and its replacement are one) and a monthly window per tenant, both at once; all six `X-RateLimit-*`
 * headers on every response that gets this far; a 429 naming the exceeded limit, with that limit's remaining count
 * at 0 and `Retry-After` for the per-second limit. A request refused by the per-second window is not counted in the
 * monthly one.
 */
import type { ApiKeyOwner } from "@rapport/store";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { OAUTH_KEY_PREFIX } from "../../mcp/mcp-scopes.js";
import type { AppServices } from "../../services.js";
import { ApiError } from "../errors/api-error.js";
import { limitsFor } from "./rate-limit-tiers.js";
import { monthWindow, secondWindow } from "./rate-limit-windows.js";

/**
 * How many of a month's last units each server counts in the database at once, in seconds of its tenant's per-second
 * limit: servers sharing a database count in memory between writes (every 100 ms), so without it each could let the
 * tenant's last units through. Ten seconds of one key at its full rate (or 100 ms of 100 keys) cover what the others
 * may not have written yet; the month's other requests cost no write of their own.
 */
const EXACT_MONTHLY_SECONDS = 10;

/**
 * Whose per-second window it is, as the 429 names it: a key shares its window with the keys rotated from or to it
 * (its lineage; "for this API key" was untrue of the pair), an OAuth caller with every token of its user.
 */
function perSecondWindowOf(key: ApiKeyOwner["key"]): string {
  return key.key_prefix === OAUTH_KEY_PREFIX ? "this user's OAuth access tokens, all clients together" : "this API key and any key rotated from or to it";
}

/** What counting one request gives: the six `X-RateLimit-*` headers, and the 429 when a limit is exceeded. */
export interface CountedRequest {
  headers: Record<string, string>;
  refusal: ApiError | null;
}

/** Counts one request of `owner`'s key against both windows. */
export async function countRequest(services: Pick<AppServices, "clock" | "perSecondCounter" | "monthlyCounter">, owner: ApiKeyOwner): Promise<CountedRequest> {
  const { clock, perSecondCounter, monthlyCounter } = services;
  const { key, tenant } = owner;
  const limits = limitsFor(tenant);
  const now = clock.now();
  const second = secondWindow(now);
  const month = monthWindow(now);

  // Per key lineage: a key and those `keys rotate` made from it are one client's, so during a rotation's grace period
  // the old and the new key share one window (alternating between them doubled the limit).
  const usedThisSecond = await perSecondCounter.increment(key.lineage_uuid, second.id, second.resetAt * 1000);
  const secondExceeded = usedThisSecond > limits.perSecond;
  const usedThisMonth = secondExceeded
    ? await monthlyCounter.current(tenant.uuid, month.id)
    : await monthlyCounter.increment(tenant.uuid, month.id, month.resetAt * 1000, Math.max(0, limits.monthly - EXACT_MONTHLY_SECONDS * limits.perSecond));
  const monthExceeded = !secondExceeded && usedThisMonth > limits.monthly;

  const headers = {
    "x-ratelimit-limit": String(limits.perSecond),
    "x-ratelimit-remaining": String(Math.max(0, limits.perSecond - usedThisSecond)),
    "x-ratelimit-reset": String(second.resetAt),
    "x-ratelimit-limit-monthly": String(limits.monthly),
    "x-ratelimit-remaining-monthly": String(Math.max(0, limits.monthly - usedThisMonth)),
    "x-ratelimit-reset-monthly": String(month.resetAt),
  };
  if (secondExceeded) {
    const retryAfter = Math.max(1, Math.ceil((second.resetAt * 1000 - now) / 1000));
    const refusal = new ApiError(
      429,
      `per-second rate limit exceeded: ${limits.perSecond} requests per second for ${perSecondWindowOf(key)}; retry after ${retryAfter} s`,
      { "retry-after": String(retryAfter) },
    );
    return { headers, refusal };
  }
  if (monthExceeded) {
    const refusal = new ApiError(
      429,
      `monthly rate limit exceeded: ${limits.monthly} requests per calendar month for this tenant; it resets at 00:00:00 UTC on the 1st`,
    );
    return { headers, refusal };
  }
  return { headers, refusal: null };
}

/** Counts the request (see countRequest), sets its headers, and refuses it with 429 over a limit. */
export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const { headers, refusal } = await countRequest(context.get("services"), context.get("apiKeyOwner"));
    for (const name in headers) context.header(name, headers[name]);
    if (refusal !== null) throw refusal;
    await next();
  };
}
