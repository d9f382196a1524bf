/**
 * @module
 * A request asking, in a header, to be taken as another method (`X-HTTP-Method-Override: DELETE` on a POST) is
 * refused: the API serves the method sent, so a client relying on the override, or a proxy honouring it, would see
 * another action than the one done (a POST creating a record where a DELETE was meant).
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { errorResponse } from "../errors/error-handlers.js";

/** The headers frameworks and proxies read as a method override (lower case, as Node gives header names). */
export const OVERRIDE_HEADERS = ["x-http-method-override", "x-http-method", "x-method-override"] as const;

/** Answers 400 to a request carrying a method override header, before anything else reads it. */
export function refuseMethodOverride(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    for (const name of OVERRIDE_HEADERS) {
      const method = context.req.header(name);
      if (method === undefined) continue;
      return errorResponse(
        context,
        400,
        `${name} is not supported: send the request as ${method.slice(0, 20).toUpperCase() || "the method meant"} itself (it would be served as ${context.req.method})`,
      );
    }
    await next();
  };
}
