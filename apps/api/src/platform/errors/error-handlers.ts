/**
 * @module
 * Turns every failure into `{"error": "..."}` with the right status: our ApiError (its tool message for an MCP
 * tool call), Hono's HTTPException (body limit), store errors (a poll of a pruned history log: 410, for a tool call
 * with the calls to make next), a database another process keeps locked (503, to retry), a full disk (503, logged as
 * such for the operator), and anything unexpected (500, logged with the request id, no stack trace in the body).
 */
import { ConflictError, ForbiddenError, HistoryPrunedError, InvalidInputError, NotFoundError } from "@rapport/store";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../app-env.js";
import { isToolCall, toolCallTools } from "../request/tool-call-bindings.js";
import { loggedRequestPath } from "../logging/logged-path.js";
import { ApiError } from "./api-error.js";
import { isDatabaseBusy } from "./database-busy.js";
import { isDiskFull } from "./disk-full.js";
import { declaredPathResolver, methodNotAllowed, servesMethod, type DeclaredRoute } from "./declared-paths.js";
import { prunedHistoryToolMessage } from "./pruned-history-tool-message.js";

/** Writes the error envelope, keeping headers set earlier (request id, rate limits). */
export function errorResponse(
  context: Context<AppEnv>,
  status: ContentfulStatusCode,
  message: string,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) context.header(name, value);
  return context.json({ error: message }, status);
}

/** Seconds a client is asked to wait before retrying a request that found the database locked. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** Seconds a client is asked to wait before retrying a write refused by a full disk: an operator has to free space. */
const DISK_FULL_RETRY_AFTER_SECONDS = 60;

export const handleError: ErrorHandler<AppEnv> = (error, context) => {
  if (error instanceof ApiError) {
    const hasTool = toolCallTools(context);
    const { toolMessage } = error;
    const message = toolMessage === undefined || hasTool === null ? error.message : typeof toolMessage === "string" ? toolMessage : toolMessage(hasTool);
    return errorResponse(context, error.status, message, error.headers);
  }
  if (error instanceof ConflictError) return errorResponse(context, 409, error.message);
  if (error instanceof InvalidInputError) return errorResponse(context, 400, error.message);
  if (error instanceof ForbiddenError) return errorResponse(context, 403, error.message);
  if (error instanceof NotFoundError) return errorResponse(context, 404, error.message);
  // Not a 400: the request was valid when the poller made it; what it points to is gone, and it must copy again.
  if (error instanceof HistoryPrunedError) return errorResponse(context, 410, isToolCall(context) ? prunedHistoryToolMessage(error.horizon) : error.message);
  if (error instanceof HTTPException) {
    const message =
      error.status === 413 ? "request body is larger than the 1 MiB limit" : error.message || "request failed";
    return errorResponse(context, error.status as ContentfulStatusCode, message);
  }
  const requestId = context.get("requestId");
  if (isDatabaseBusy(error)) {
    context.get("services")?.logger.warn({ requestId, err: error, method: context.req.method, path: loggedRequestPath(context) }, "database locked by another process");
    const message = "the database is busy with another process's write (a rapport command beside the server); retry shortly";
    return errorResponse(context, 503, message, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
  }
  // Not the client's fault (a transaction that hit it rolled back): the same request succeeds once an
  // operator frees space, which the log, not a 500 "internal error", has to tell them.
  if (isDiskFull(error)) {
    context.get("services")?.logger.error(
      { requestId, err: error, method: context.req.method, path: loggedRequestPath(context) },
      "database disk full: writes fail until space is freed on the database's file system",
    );
    const message = "the server's disk is full, so this request could not be stored; retry later";
    return errorResponse(context, 503, message, { "Retry-After": String(DISK_FULL_RETRY_AFTER_SECONDS) });
  }
  context.get("services")?.logger.error(
    { requestId, err: error, method: context.req.method, path: loggedRequestPath(context) },
    "unhandled error",
  );
  return errorResponse(context, 500, `internal error; quote request id ${requestId} when reporting it`);
};

/**
 * Answers a request no route took: 405 with an `Allow` header when the path is a declared one under other methods
 * (a client then knows the path is right and the method wrong; see declaredPathResolver for which path is meant),
 * else 404.
 */
export function handleNotFound(routes: readonly DeclaredRoute[]): NotFoundHandler<AppEnv> {
  const declaredPathOf = declaredPathResolver(routes);
  return (context) => {
    const { method, path } = context.req;
    const declared = declaredPathOf(path);
    if (declared !== undefined && !servesMethod(declared, method)) {
      const refusal = methodNotAllowed(method, path, declared);
      return errorResponse(context, 405, refusal.message, refusal.headers);
    }
    // A slash too many (`/v1/persons/`, `/v1//persons`) is not redirected, which would drop a POST's body, but named.
    const tidied = path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
    const meant = tidied !== path && declaredPathOf(tidied) !== undefined ? `; did you mean ${tidied}?` : "";
    return errorResponse(context, 404, `no route for ${method} ${path}${meant}`);
  };
}
