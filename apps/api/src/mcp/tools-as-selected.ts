/**
 * @module
 * The tools as a client that has only some of them reads them: a description citing an operation whose tool the client
 * lacks says so (`citedWithin`) instead of naming a tool it cannot call, which an agent would call and be refused.
 */
import type { HasTool } from "../platform/errors/api-error.js";
import { citedTools, citedWithin } from "./cite-tool-names.js";
import type { McpTool } from "./mcp-tools.js";

/** The tools each tool's texts name, found once per tool. */
const citationsOf = new WeakMap<McpTool, readonly string[]>();

/**
 * Each tool as rewritten, by the cited tools a client lacked: made once per tool and set of them (a few each), as a
 * selection is settled on every MCP request.
 */
const rewrittenOf = new WeakMap<McpTool, Map<string, McpTool>>();

/** Every description string in a schema, its nested ones included. */
function descriptionsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) descriptionsOf(item, found);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "description" && typeof value === "string") found.push(value);
      else descriptionsOf(value, found);
    }
  }
  return found;
}

/** `node` with each description string read within the client's tools. */
function withDescriptionsWithin(node: unknown, hasTool: HasTool): unknown {
  if (Array.isArray(node)) return node.map((item) => withDescriptionsWithin(item, hasTool));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === "description" && typeof value === "string" ? citedWithin(value, hasTool) : withDescriptionsWithin(value, hasTool)]),
  );
}

function citations(tool: McpTool): readonly string[] {
  let found = citationsOf.get(tool);
  if (!found) {
    found = [...new Set([tool.description, ...descriptionsOf(tool.inputSchema)].flatMap(citedTools))];
    citationsOf.set(tool, found);
  }
  return found;
}

/**
 * `selected` with the descriptions of each tool that cites a tool outside it rewritten within it; the others (most)
 * are the same objects.
 *
 * @example
 * toolsAsSelected(tools.filter((tool) => tool.area === "Person")) // listPersons: "... GET /v1/pathpower/scores?... (no tool of this client) ..."
 */
export function toolsAsSelected(selected: readonly McpTool[]): McpTool[] {
  const names = new Set(selected.map((tool) => tool.name));
  return selected.map((tool) => {
    const lacked = citations(tool).filter((name) => !names.has(name));
    if (lacked.length === 0) return tool;
    let rewritten = rewrittenOf.get(tool);
    if (!rewritten) rewrittenOf.set(tool, (rewritten = new Map()));
    const key = lacked.join(",");
    let found = rewritten.get(key);
    if (!found) {
      const hasTool: HasTool = (name) => !lacked.includes(name);
      found = { ...tool, description: citedWithin(tool.description, hasTool), inputSchema: withDescriptionsWithin(tool.inputSchema, hasTool) as McpTool["inputSchema"] };
      rewritten.set(key, found);
    }
    return found;
  });
}
