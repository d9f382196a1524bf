/**
 * @module
 * A request's path as the logs write it: a segment that could hold personal data is replaced, so that a client's
 * mistake (an email address or a name where a UUID goes, `GET /v1/persons/jane.doe@bank.example` or
 * `GET /v1/persons/jsmith`) does not put it in the operator's logs.
 */
import type { Context } from "hono";
import { routePath } from "hono/route";

/** What a logged path shows in place of a segment it leaves out. */
export const LEFT_OUT_SEGMENT = "[redacted]";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The segments routes are made of (`recommended-paths`, `openapi.json`, `.well-known`): lower case, no `@` or space. */
const ROUTE_WORD = /^\.?[a-z0-9][a-z0-9._-]*$/;

/**
 * `path` with each segment that could be personal data replaced by `[redacted]`. Given the pattern of the route that
 * matched (`/v1/persons/:person_uuid`), a segment in a parameter's place is kept only when it is a UUID and the
 * route's own words are kept; without one (no route matched), a segment is kept when it is a UUID or a route's kind
 * of word.
 * @example loggedPath("/v1/persons/jsmith/recommended-paths", "/v1/persons/:person_uuid/recommended-paths"); // "/v1/persons/[redacted]/recommended-paths"
 * @example loggedPath("/v1/persons/jane.doe@bank.example"); // "/v1/persons/[redacted]"
 */
export function loggedPath(path: string, routePattern?: string): string {
  const segments = path.split("/");
  const patternSegments = routePattern?.split("/");
  const pattern = patternSegments?.length === segments.length && !patternSegments.includes("*") ? patternSegments : undefined;
  return segments
    .map((segment, index) => {
      if (segment === "" || UUID.test(segment)) return segment;
      const patternSegment = pattern?.[index];
      if (patternSegment === undefined) return ROUTE_WORD.test(segment) ? segment : LEFT_OUT_SEGMENT;
      return patternSegment === segment ? segment : LEFT_OUT_SEGMENT;
    })
    .join("/");
}

/** The request's path as {@link loggedPath} writes it, read against the route that matched it. */
export function loggedRequestPath(context: Context): string {
  return loggedPath(context.req.path, matchedRoutePattern(context));
}

/** The pattern of the last route that matched the request (`/v1/persons/:person_uuid`), if the router matched one. */
export function matchedRoutePattern(context: Context): string | undefined {
  try {
    return routePath(context, -1) || undefined;
  } catch {
    // In-process calls that never reached the router have no match to read; the words rule stands in.
    return undefined;
  }
}
