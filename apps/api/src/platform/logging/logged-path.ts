/**
 * @module
 * A request's path as the access log writes it: a segment that is neither a UUID nor a word of the kind routes are
 * made of is replaced, so that a client's mistake (an email address or a name where a UUID goes,
 * `GET /v1/persons/jane.doe@bank.example`) does not put personal data in the operator's logs.
 */

/** What a logged path shows in place of a segment it leaves out. */
export const LEFT_OUT_SEGMENT = "[redacted]";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The segments routes are made of (`recommended-paths`, `openapi.json`, `.well-known`): lower case, no `@` or space. */
const ROUTE_WORD = /^\.?[a-z0-9][a-z0-9._-]*$/;

/**
 * `path` with each segment that is not a UUID nor a route's kind of word replaced by `[redacted]`.
 * @example loggedPath("/v1/persons/jane.doe@bank.example/recommended-paths"); // "/v1/persons/[redacted]/recommended-paths"
 */
export function loggedPath(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment === "" || UUID.test(segment) || ROUTE_WORD.test(segment) ? segment : LEFT_OUT_SEGMENT))
    .join("/");
}
