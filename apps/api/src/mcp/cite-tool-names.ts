/**
 * @module
 * The tool beside each operation a text cites by method and path ("list types with GET /v1/opportunity-types" reads
 * "... GET /v1/opportunity-types (tool listOpportunityTypes)"): an agent calls tools, not paths. Tool descriptions
 * are written so, and so are the errors of tool calls, whose REST messages cite operations.
 */

/** `METHOD /v1/path`, with a query string after it when there is one, as descriptions and errors cite operations. */
const OPERATION_REFERENCE = /\b(GET|POST|PUT|PATCH|DELETE) (\/v1\/[\w{}/.-]*[\w}])(\?[^\s,;)]*)?/g;

/** The tool of an operation, by its upper-case method and its path (OpenAPI-style or with values); undefined for none. */
export type ToolOfOperation = (method: string, path: string) => string | undefined;

/**
 * `text` with the name of the tool after each operation it cites.
 *
 * @example
 * citeToolNames("list types with GET /v1/opportunity-types", toolOf) // "list types with GET /v1/opportunity-types (tool listOpportunityTypes)"
 */
export function citeToolNames(text: string, toolOf: ToolOfOperation): string {
  return text.replace(OPERATION_REFERENCE, (reference: string, method: string, path: string) => {
    const tool = toolOf(method, path);
    return tool ? `${reference} (tool ${tool})` : reference;
  });
}

/**
 * The lookup over tools' routes: a cited path matches a route's exactly, or segment by segment where the route has a
 * `{parameter}` (an error names `/v1/persons/<uuid>/personal-data`), a literal segment first.
 */
export function toolOfRoutes(tools: ReadonlyArray<{ name: string; route: { method: string; path: string } }>): ToolOfOperation {
  const exact = new Map(tools.map((tool) => [`${tool.route.method} ${tool.route.path}`, tool.name]));
  const templated = tools
    .filter((tool) => tool.route.path.includes("{"))
    .map((tool) => ({ name: tool.name, method: tool.route.method, segments: tool.route.path.split("/") }))
    // More literal segments first: `/v1/persons/batch` is not `/v1/persons/{person_uuid}`.
    .sort((a, b) => b.segments.filter((segment) => !segment.startsWith("{")).length - a.segments.filter((segment) => !segment.startsWith("{")).length);
  return (method, path) => {
    const found = exact.get(`${method} ${path}`);
    if (found) return found;
    const segments = path.split("/");
    return templated.find(
      (route) => route.method === method && route.segments.length === segments.length && route.segments.every((segment, index) => segment.startsWith("{") || segment === segments[index]),
    )?.name;
  };
}
