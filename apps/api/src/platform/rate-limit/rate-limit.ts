/**
 * @module
 * Rate limiting per the specification's Limits section: a per-second window per API key and a
 * monthly window per tenant, both at once; all six `X-RateLimit-*` headers on every response that
 * gets this far; a 429 naming the exceeded limit, with that limit's remaining count at 0 and
 * `Retry-After` for the per-second limit. A request refused by the per-second window is not counted in the
 * monthly one.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { ApiError } from "../errors/api-error.js";
import { limitsFor } from "./rate-limit-tiers.js";
import { monthWindow, secondWindow } from "./rate-limit-windows.js";

export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const { clock, perSecondCounter, monthlyCounter } = context.get("services");
    const { key, tenant } = context.get("apiKeyOwner");
    const limits = limitsFor(tenant);
    const now = clock.now();
    const second = secondWindow(now);
    const month = monthWindow(now);

    const usedThisSecond = await perSecondCounter.increment(key.uuid, second.id, second.resetAt * 1000);
    const secondExceeded = usedThisSecond > limits.perSecond;
    const usedThisMonth = secondExceeded
      ? await monthlyCounter.current(tenant.uuid, month.id)
      : await monthlyCounter.increment(tenant.uuid, month.id, month.resetAt * 1000);
    const monthExceeded = !secondExceeded && usedThisMonth > limits.monthly;

    context.header("X-RateLimit-Limit", String(limits.perSecond));
    context.header("X-RateLimit-Remaining", String(Math.max(0, limits.perSecond - usedThisSecond)));
    context.header("X-RateLimit-Reset", String(second.resetAt));
    context.header("X-RateLimit-Limit-Monthly", String(limits.monthly));
    context.header("X-RateLimit-Remaining-Monthly", String(Math.max(0, limits.monthly - usedThisMonth)));
    context.header("X-RateLimit-Reset-Monthly", String(month.resetAt));

    if (secondExceeded) {
      const retryAfter = Math.max(1, Math.ceil((second.resetAt * 1000 - now) / 1000));
      throw new ApiError(
        429,
        `per-second rate limit exceeded: ${limits.perSecond} requests per second for this API key; retry after ${retryAfter} s`,
        { "Retry-After": String(retryAfter) },
      );
    }
    if (monthExceeded) {
      throw new ApiError(
        429,
        `monthly rate limit exceeded: ${limits.monthly} requests per calendar month for this tenant; it resets at 00:00:00 UTC on the 1st`,
      );
    }
    await next();
  };
}
