/**
 * @module
 * The request id: the client's `X-Request-Id` when it is short and printable, else a new UUID. Every
 * response carries it and every log line of the request quotes it.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";

export const REQUEST_ID_HEADER = "x-request-id";

/** Longest client-sent id echoed back; longer or unprintable ones are replaced. */
export const MAX_REQUEST_ID_LENGTH = 200;

/** Visible ASCII, no space or control character: what a header carries unchanged, so a client's own id comes back as sent. */
const ID_CHARACTERS = /^[!-~]+$/;

/** Fresh ids made at a time: one UUID made per request ran cold between requests, a twentieth of a kept answer's time. */
const FRESH_IDS_MADE_AT_ONCE = 128;
const freshIds: string[] = [];

/** A fresh random UUID (version 4), handed out once. */
function freshRequestId(): string {
  if (freshIds.length === 0) for (let made = 0; made < FRESH_IDS_MADE_AT_ONCE; made++) freshIds.push(randomUUID());
  return freshIds.pop()!;
}

/** The id of a request that sent `presented` in `X-Request-Id` (or nothing). */
export function requestIdOf(presented: string | undefined): string {
  if (presented !== undefined && presented.length <= MAX_REQUEST_ID_LENGTH && ID_CHARACTERS.test(presented)) return presented;
  return freshRequestId();
}

/** Sets the `requestId` variable and the `X-Request-Id` response header. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    const id = requestIdOf(context.req.header(REQUEST_ID_HEADER));
    context.set("requestId", id);
    context.header(REQUEST_ID_HEADER, id);
    await next();
  };
}
