/** One structured log line per request: method, path, status, duration, request id, tenant. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";

export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const started = performance.now();
    await next();
    const { logger } = context.get("services");
    logger.info(
      {
        requestId: context.get("requestId"),
        method: context.req.method,
        path: context.req.path,
        status: context.res.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        tenant: context.get("apiKeyOwner")?.tenant.uuid,
      },
      "request",
    );
  };
}
