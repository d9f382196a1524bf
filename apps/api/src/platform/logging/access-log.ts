/** One structured log line per request: method, path, status, duration, request id, tenant. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import type { Logger } from "./logger.js";

export interface RequestLogEntry {
  requestId: string;
  method: string;
  /** The path, without the query. */
  path: string;
  status: number;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
  tenantUuid: string | undefined;
}

/** Writes a finished request's access-log line. */
export function logRequest(logger: Logger, entry: RequestLogEntry): void {
  if (!logger.isLevelEnabled("info")) return;
  const { requestId, method, path, status, startedAt, tenantUuid } = entry;
  logger.info({ requestId, method, path, status, durationMs: Math.round((performance.now() - startedAt) * 100) / 100, tenant: tenantUuid }, "request");
}

export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const startedAt = performance.now();
    await next();
    logRequest(context.get("services").logger, {
      requestId: context.get("requestId"),
      method: context.req.method,
      path: context.req.path,
      status: context.res.status,
      startedAt,
      tenantUuid: context.get("apiKeyOwner")?.tenant.uuid,
    });
  };
}
