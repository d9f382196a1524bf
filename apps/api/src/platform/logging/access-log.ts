/** One structured log line per request: method, path, status, duration, request id, tenant. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { nodeBindings } from "../request/node-bindings.js";
import { loggedPath, matchedRoutePattern } from "./logged-path.js";
import type { Logger } from "./logger.js";

export interface RequestLogEntry {
  requestId: string;
  method: string;
  /** The path, without the query (logged with its segments that could hold personal data left out: loggedPath). */
  path: string;
  /** The pattern of the route that matched (`/v1/persons/:person_uuid`), which tells the route's words from its parameters. */
  routePattern?: string | undefined;
  status: number;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
  tenantUuid: string | undefined;
  /** True when the client went away before the whole answer was sent: `status` is what it was being sent. */
  clientLeft?: boolean;
}

/** Writes a finished request's access-log line. */
export function logRequest(logger: Logger, entry: RequestLogEntry): void {
  if (!logger.isLevelEnabled("info")) return;
  const { requestId, method, path, routePattern, status, startedAt, tenantUuid, clientLeft } = entry;
  const durationMs = Math.round((performance.now() - startedAt) * 100) / 100;
  logger.info({ requestId, method, path: loggedPath(path, routePattern), status, durationMs, tenant: tenantUuid, ...(clientLeft ? { clientLeft } : {}) }, "request");
}

/**
 * Logs each request once its answer is sent (over a socket: when the response closes, so a streamed answer's time
 * counts whole and a client that went away mid-answer is named), or at once when called in-process.
 */
export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const startedAt = performance.now();
    await next();
    const logger = context.get("services").logger;
    const entry: RequestLogEntry = {
      requestId: context.get("requestId"),
      method: context.req.method,
      path: context.req.path,
      routePattern: matchedRoutePattern(context),
      status: context.res.status,
      startedAt,
      tenantUuid: context.get("apiKeyOwner")?.tenant.uuid,
    };
    const outgoing = nodeBindings(context)?.outgoing;
    if (outgoing === undefined || outgoing.writableFinished) return logRequest(logger, entry);
    if (outgoing.destroyed) return logRequest(logger, { ...entry, clientLeft: true });
    outgoing.once("close", () => logRequest(logger, { ...entry, clientLeft: !outgoing.writableFinished }));
  };
}
