/**
 * @module
 * A browser's CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered before the key is read: it
 * never carries one, so the 401 it got read as "missing API key" to a developer whose real request sends the key.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { declaredPathResolver, methodNotAllowed, type DeclaredRoute } from "./declared-paths.js";
import { errorResponse } from "./error-handlers.js";

/**
 * Answers a CORS preflight to a path of `routes` with the 405 any OPTIONS gets there (its `Allow` header naming the
 * methods served), saying that cross-origin calls from a browser are not served; other requests go on.
 */
export function refuseCorsPreflight(routes: readonly DeclaredRoute[]): MiddlewareHandler<AppEnv> {
  const declaredPathOf = declaredPathResolver(routes);
  return async (context, next) => {
    if (context.req.method !== "OPTIONS" || context.req.header("access-control-request-method") === undefined) return next();
    const declared = declaredPathOf(context.req.path);
    if (declared === undefined) return next();
    const refusal = methodNotAllowed("OPTIONS", context.req.path, declared);
    return errorResponse(
      context,
      405,
      `${refusal.message}. Cross-origin calls from a browser (CORS) are not served: call the API from a server, where the API key stays secret`,
      refusal.headers,
    );
  };
}
