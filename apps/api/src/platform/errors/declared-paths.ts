/**
 * @module
 * Which declared path a request path is, and the 405 for a method that path does not serve. A request path can
 * match several declared paths (`/v1/emails/batch` is `/v1/emails/batch` and `/v1/emails/{email_uuid}`); the one
 * with a literal segment where the others have a parameter, at the first segment where they differ, is the path
 * meant, so `GET /v1/emails/batch` is a wrong method on a POST-only path, not a malformed email uuid.
 */
import { ApiError } from "./api-error.js";

/** A route as the operation table declares it: `path` with `{name}` parameters. */
export interface DeclaredRoute {
  method: string;
  path: string;
}

/** A declared path shape and the methods it is served under. */
export interface DeclaredPath {
  /** The path with each parameter written `{}`: paths differing only in parameter names are one path. */
  shape: string;
  /** Upper-case, sorted: the methods the operation table declares for it. */
  methods: readonly string[];
}

interface CompiledPath extends DeclaredPath {
  pattern: RegExp;
  /** Per segment, whether it is a parameter: what decides which of two matching paths is meant. */
  parameterSegments: readonly boolean[];
}

/** `/v1/persons/{person_uuid}` → `/v1/persons/{}`. */
export function shapeOf(path: string): string {
  return path.replace(/\{[^}/]+\}/g, "{}");
}

function compile(shape: string, methods: readonly string[], ignoreCase: boolean): CompiledPath {
  const escaped = shape.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\}/g, "[^/]+");
  return {
    shape,
    methods,
    pattern: new RegExp(`^${escaped}$`, ignoreCase ? "i" : ""),
    parameterSegments: shape.split("/").map((segment) => segment === "{}"),
  };
}

/** Whether `a` is meant over `b`: a literal segment where `b` has a parameter, at the first place they differ. */
function moreSpecific(a: CompiledPath, b: CompiledPath): boolean {
  for (let index = 0; index < a.parameterSegments.length; index += 1) {
    if (a.parameterSegments[index] !== b.parameterSegments[index]) return !a.parameterSegments[index];
  }
  return false;
}

/**
 * Builds, from the declared routes, a function giving the declared path a request path is (the most specific
 * match), or `undefined` when it is none. With `ignoreCase`, a path's fixed words match in any case: what a path
 * sent as `/v1/Persons` was meant to be (routes themselves match by case).
 *
 * @example
 * const declaredPathOf = declaredPathResolver([{ method: "post", path: "/v1/emails/batch" }, { method: "get", path: "/v1/emails/{email_uuid}" }]);
 * declaredPathOf("/v1/emails/batch"); // { shape: "/v1/emails/batch", methods: ["POST"] }
 */
export function declaredPathResolver(
  routes: readonly DeclaredRoute[],
  { ignoreCase = false }: { ignoreCase?: boolean } = {},
): (requestPath: string) => DeclaredPath | undefined {
  const methodsByShape = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    const shape = shapeOf(path);
    const methods = methodsByShape.get(shape) ?? new Set<string>();
    methods.add(method.toUpperCase());
    methodsByShape.set(shape, methods);
  }
  const paths = [...methodsByShape].map(([shape, methods]) => compile(shape, [...methods].sort(), ignoreCase));
  return (requestPath) => {
    let meant: CompiledPath | undefined;
    for (const path of paths) {
      if (path.pattern.test(requestPath) && (meant === undefined || moreSpecific(path, meant))) meant = path;
    }
    return meant === undefined ? undefined : { shape: meant.shape, methods: meant.methods };
  };
}

/** The `Allow` value of a declared path: its methods, and HEAD where GET is (Hono answers HEAD as a GET). */
export function allowedMethods(path: DeclaredPath): string[] {
  return [...new Set([...path.methods, ...(path.methods.includes("GET") ? ["HEAD"] : [])])].sort();
}

/** Whether `method` is served on `path` (HEAD wherever GET is). */
export function servesMethod(path: DeclaredPath, method: string): boolean {
  return allowedMethods(path).includes(method.toUpperCase());
}

/**
 * The 405 for `method` on a request path that is the declared `path` under other methods: an `Allow` header and a
 * message naming the methods to use.
 *
 * @example
 * methodNotAllowed("GET", "/v1/emails/batch", { shape: "/v1/emails/batch", methods: ["POST"] });
 * // 405 "method GET is not allowed on /v1/emails/batch; use POST", Allow: POST
 */
export function methodNotAllowed(method: string, requestPath: string, path: DeclaredPath): ApiError {
  const allowed = allowedMethods(path);
  const choices = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}`;
  return new ApiError(405, `method ${method.toUpperCase()} is not allowed on ${requestPath}; use ${choices}`, { Allow: allowed.join(", ") });
}

/**
 * A request path written as the declared `shape` it matched: the shape's fixed words, the request's own values where
 * the shape has a parameter. Both have as many segments (the shape matched the path).
 *
 * @example
 * pathAsDeclared("/v1/Persons/6F1C…/Activity", "/v1/persons/{}/activity"); // "/v1/persons/6F1C…/activity"
 */
export function pathAsDeclared(requestPath: string, shape: string): string {
  const sent = requestPath.split("/");
  return shape
    .split("/")
    .map((segment, index) => (segment === "{}" ? sent[index] : segment))
    .join("/");
}
