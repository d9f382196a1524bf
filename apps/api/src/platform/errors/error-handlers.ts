/**
 * @module
 * Turns every failure into `{"error": "..."}` with the right status: our ApiError (its tool message for an MCP
 * tool call), Hono's HTTPException (body limit), store errors (a poll of a pruned history log: 410, for a tool call
 * with the calls to make next), a failure of the database's storage (storage-failure.ts: another process's lock, a
 * full disk, a read-only or damaged file, a disk error: 503, logged for the operator), and anything unexpected (500,
 * logged with the request id, no stack trace in the body).
 */
import { ConflictError, ForbiddenError, HistoryPrunedError, InvalidInputError, NotFoundError } from "@rapport/store";
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../../app-env.js";
import { isToolCall, toolCallTools } from "../request/tool-call-bindings.js";
import { loggedRequestPath } from "../logging/logged-path.js";
import { ApiError } from "./api-error.js";
import { declaredPathResolver, methodNotAllowed, pathAsDeclared, servesMethod, type DeclaredRoute } from "./declared-paths.js";
import { prunedHistoryToolMessage } from "./pruned-history-tool-message.js";
import { storageFailureOf } from "./storage-failure.js";

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
  // Not the client's fault nor a bug (a transaction that met it rolled back): the answer says what happened, and the
  // log tells the operator what to do, once a minute rather than once per retried request.
  const storageFailure = storageFailureOf(error);
  if (storageFailure !== null) {
    const logFields = { requestId, err: error, method: context.req.method, path: loggedRequestPath(context) };
    context.get("storageFaults")?.met(storageFailure, context.get("services")?.clock.now() ?? Date.now(), logFields);
    const { retryAfterSeconds } = storageFailure;
    return errorResponse(context, 503, storageFailure.message, retryAfterSeconds === undefined ? {} : { "Retry-After": String(retryAfterSeconds) });
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
  const declaredPathInAnyCaseOf = declaredPathResolver(routes, { ignoreCase: true });
  return (context) => {
    const { method, path } = context.req;
    const declared = declaredPathOf(path);
    if (declared !== undefined && !servesMethod(declared, method)) {
      const refusal = methodNotAllowed(method, path, declared);
      return errorResponse(context, 405, refusal.message, refusal.headers);
    }
    // A slash too many (`/v1/persons/`, `/v1//persons`) or a word in another case (`/v1/Persons`) is not redirected,
    // which would drop a POST's body, but named. Paths stay case-sensitive, as the spec writes them.
    const tidied = path.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
    const inAnyCase = declaredPathInAnyCaseOf(tidied);
    const meant = inAnyCase === undefined ? undefined : pathAsDeclared(tidied, inAnyCase.shape);
    const hint = meant !== undefined && meant !== path ? `; did you mean ${meant}?` : "";
    return errorResponse(context, 404, `no route for ${method} ${path}${hint}`);
  };
}
