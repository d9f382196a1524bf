/**
 * @module
 * The tool beside each operation a text cites by method and path ("list types with GET /v1/opportunity-types" reads
 * "... GET /v1/opportunity-types (tool listOpportunityTypes)"): an agent calls tools, not paths. Tool descriptions
 * are written so, and so are the errors of tool calls, whose REST messages cite operations.
 */
import type { HasTool } from "../platform/errors/api-error.js";

/** `METHOD /v1/path`, with a query string after it when there is one, as descriptions and errors cite operations. */
const OPERATION_REFERENCE = /\b(GET|POST|PUT|PATCH|DELETE) (\/v1\/[\w{}/.-]*[\w}])(\?[^\s,;)]*)?/g;

/** The tool of an operation, by its upper-case method and its path (OpenAPI-style or with values); undefined for none. */
export type ToolOfOperation = (method: string, path: string) => string | undefined;

/** What follows an operation whose tool the client does not have: the operation is cited, and no tool named that it cannot call. */
export const OUTSIDE_THE_SELECTION = "(no tool of this client)";

/** A tool name as `citeToolNames` adds it after an operation. */
const CITED_TOOL = /\(tool (\w+)\)/g;

/**
 * `text` with the name of the tool after each operation it cites; where the client lacks that tool (`hasTool`),
 * `OUTSIDE_THE_SELECTION` instead.
 *
 * @example
 * citeToolNames("list types with GET /v1/opportunity-types", toolOf) // "list types with GET /v1/opportunity-types (tool listOpportunityTypes)"
 */
export function citeToolNames(text: string, toolOf: ToolOfOperation, hasTool: HasTool = () => true): string {
  return text.replace(OPERATION_REFERENCE, (reference: string, method: string, path: string) => {
    const tool = toolOf(method, path);
    if (!tool) return reference;
    return `${reference} ${hasTool(tool) ? `(tool ${tool})` : OUTSIDE_THE_SELECTION}`;
  });
}

/** The tools a text written by `citeToolNames` names. */
export function citedTools(text: string): string[] {
  return [...text.matchAll(CITED_TOOL)].map((match) => match[1]!);
}

/**
 * A text written by `citeToolNames` for every tool, as a client with only some of them reads it: each tool it lacks
 * becomes `OUTSIDE_THE_SELECTION`.
 *
 * @example
 * citedWithin("GET /v1/persons (tool listPersons)", () => false) // "GET /v1/persons (no tool of this client)"
 */
export function citedWithin(text: string, hasTool: HasTool): string {
  return text.replace(CITED_TOOL, (cited: string, tool: string) => (hasTool(tool) ? cited : OUTSIDE_THE_SELECTION));
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
