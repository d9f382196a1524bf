/**
 * @module
 * Kept answers served from the Node request itself, before the framework. A GET of a cacheable operation
 * whose answer the response cache holds takes the app's own steps (key, user context, rate limits, request
 * id, access log, through the same functions) and gets the response the app would send, without the Fetch
 * `Request`, the Hono context and the `Response` being built for it. Anything else goes to the app: other
 * requests, a request the app must refuse (401, 403) and a kept answer that no longer holds; no step with an
 * effect (counting the request) runs before the lane knows it answers.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AnyOperation } from "../../operations/operation.js";
import type { AppServices } from "../../services.js";
import type { AuthContext } from "../auth/auth-context.js";
import { API_KEY_HEADER, USER_HEADER, keyOwnerOf, userContextOf } from "../auth/authenticate.js";
import { logRequest } from "../logging/access-log.js";
import { countRequest } from "../rate-limit/rate-limit.js";
import { OVERRIDE_HEADERS } from "../request/method-override.js";
import { REQUEST_ID_HEADER, requestIdOf } from "../request/request-id.js";
import { namesCurrentAnswer } from "../request/entity-tag.js";
import { announcesBody } from "../request/unexpected-body.js";
import { NO_STORE } from "../response/no-store-answers.js";
import { cacheDirectivesOf, responseCacheKey } from "./response-cache.js";

/** A Node request listener, such as `@hono/node-server`'s for the app. */
export type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => unknown;

interface CacheableRoute {
  operationId: string;
  /** Matches the request target (path, then an optional query) of the operation's path. */
  target: RegExp;
}

/** `/v1/persons/{person_uuid}` → a pattern of its request targets, query included. */
function targetPattern(path: string): RegExp {
  const segments = path.split("/").map((segment) => (/^\{[^}]+\}$/.test(segment) ? "[^/?#]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${segments.join("/")}(?:\\?|$)`);
}

function cacheableRoutes(operations: readonly AnyOperation[]): CacheableRoute[] {
  return operations
    .filter((operation) => operation.cacheable === true && operation.method === "get")
    .map((operation) => ({ operationId: operation.operationId, target: targetPattern(operation.path) }));
}

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(", ") : value);

/**
 * The caller of a request, when its key and user context hold; undefined when the app must answer (its
 * 401 or 403), which also counts the request.
 */
async function callerOf(store: AppServices["store"], headers: IncomingHttpHeaders): Promise<AuthContext | undefined> {
  try {
    const owner = await keyOwnerOf(store, single(headers[API_KEY_HEADER]));
    return await userContextOf(store, owner, single(headers[USER_HEADER]));
  } catch {
    return undefined;
  }
}

/**
 * Puts a lane for kept answers in front of `app`: the returned listener answers a repeated cacheable GET
 * from the response cache and passes every other request to `app`.
 *
 * @example
 * const listener = keptAnswerLane(services, operations, getRequestListener(app.fetch));
 * createServer(listener).listen(8787);
 */
export function keptAnswerLane(services: AppServices, operations: readonly AnyOperation[], app: RequestListener): RequestListener {
  const routes = cacheableRoutes(operations);
  // Without kept answers the lane could only check the key twice.
  if (routes.length === 0 || !services.responseCache.keepsAnything) return app;

  async function answer(incoming: IncomingMessage, outgoing: ServerResponse, route: CacheableRoute, target: string): Promise<boolean> {
    const startedAt = performance.now();
    const { store, clock, responseCache, logger } = services;
    const auth = await callerOf(store, incoming.headers);
    if (auth === undefined) return false;
    const tenantUuid = auth.tenant.uuid;
    const key = responseCacheKey(tenantUuid, auth.user?.uuid ?? null, route.operationId, target);
    const found = responseCache.find(key, store.revision(tenantUuid), clock.now());
    if (found === undefined) return false;
    // From here the request counts; a failure of the counters goes to the app, which counts it again.
    let counted: Awaited<ReturnType<typeof countRequest>>;
    try {
      counted = await countRequest(services, { tenant: auth.tenant, key: auth.key });
    } catch {
      return false;
    }
    store.apiKeys.noteUse(auth.key, "rest");
    const requestId = requestIdOf(single(incoming.headers[REQUEST_ID_HEADER]));
    const { refusal } = counted;
    const body = refusal === null ? found.body : Buffer.from(JSON.stringify({ error: refusal.message }));
    const headers: Record<string, string | number> = refusal === null ? { age: String(Math.floor(found.age / 1000)) } : { ...refusal.headers };
    headers["content-type"] = "application/json";
    headers[NO_STORE.name] = NO_STORE.value;
    Object.assign(headers, counted.headers);
    headers[REQUEST_ID_HEADER] = requestId;
    headers["Content-Length"] = body.byteLength;
    let status = refusal === null ? 200 : refusal.status;
    // A tagged read's answer carries its kept tag; an If-None-Match naming it is the app's 304, without a body.
    if (refusal === null && found.tag !== undefined) {
      headers.etag = found.tag;
      const ifNoneMatch = single(incoming.headers["if-none-match"]);
      if (ifNoneMatch !== undefined && namesCurrentAnswer(ifNoneMatch, found.tag)) {
        status = 304;
        delete headers["content-type"];
        delete headers["Content-Length"];
      }
    }
    outgoing.writeHead(status, headers);
    outgoing.end(status === 304 ? undefined : body);
    const query = target.indexOf("?");
    logRequest(logger, { requestId, method: "GET", path: query === -1 ? target : target.slice(0, query), status, startedAt, tenantUuid });
    return true;
  }

  return (incoming, outgoing) => {
    const target = incoming.url ?? "";
    if (incoming.method !== "GET" || cacheDirectivesOf(single(incoming.headers["cache-control"])).fresh) return app(incoming, outgoing);
    // The app refuses a method override: a kept answer must not stand in for a GET meant as another method.
    if (OVERRIDE_HEADERS.some((name) => incoming.headers[name] !== undefined)) return app(incoming, outgoing);
    // The app refuses a GET carrying a body (unexpected-body.ts): a kept answer must not serve it either.
    if (announcesBody(incoming.headers)) return app(incoming, outgoing);
    const route = routes.find((candidate) => candidate.target.test(target));
    if (route === undefined) return app(incoming, outgoing);
    return answer(incoming, outgoing, route, target).then(
      (answered) => (answered ? undefined : app(incoming, outgoing)),
      // Nothing was sent (the lane writes last): the app answers, and reports the failure if it recurs.
      () => (outgoing.headersSent ? outgoing.destroy() : app(incoming, outgoing)),
    );
  };
}
