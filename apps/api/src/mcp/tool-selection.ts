/**
 * @module
 * Which tools one MCP client sees and may call, chosen by the query of the URL it was given: `areas` (the
 * operation table's areas, such as `person,company,recommended-paths`) and `read_only=true` (only the tools
 * marked read-only). An agent whose context would not hold every tool's schema takes the areas it needs; an
 * assistant that must never write is given a read-only URL, and a write tool is refused, not only hidden.
 */
import { shownName } from "../platform/errors/shown-name.js";
import type { McpTool } from "./mcp-tools.js";
import { toolsAsSelected } from "./tools-as-selected.js";

/** The query parameters of `/mcp` that select tools. */
export const TOOL_SELECTION_PARAMETERS = ["areas", "read_only"] as const;

export interface ToolSelection {
  /** The tools the client may see and call, in the tool list's order, their descriptions naming only these tools. */
  tools: readonly McpTool[];
  /**
   * Why a tool outside the selection is refused (the URL's choice, as a client's user can check it, or the caller's
   * read-only credential), and what would let the client call it.
   */
  refusal: (name: string) => string;
}

/** An area's name as a URL may spell it: case, spaces, hyphens and a plural (`persons`, `companies`) aside. */
const areaKey = (area: string) =>
  area
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/ies$/, "y")
    .replace(/s$/, "");

/** A Map, not an object: `read_only=constructor` found Object's own and read as true. */
const BOOLEAN_TEXT = new Map([
  ["true", true],
  ["1", true],
  ["false", false],
  ["0", false],
]);

/**
 * The selection the query asks for (every tool without one; with `readOnlyKey`, the tools that change nothing
 * whatever the query, refused with `readOnlyReason` and `readOnlyRemedy`; with `member`, the name of the member the
 * calls act as, none of the administrators' tools), or the error a 400 names: an unknown parameter, an area no tool
 * has, a `read_only` that is not a boolean.
 *
 * @example
 * toolSelection(new URLSearchParams("areas=person,recommended-paths&read_only=true"), tools) // the read tools of two areas
 */
export function toolSelection(
  query: URLSearchParams,
  tools: readonly McpTool[],
  options: { readOnlyKey?: boolean; readOnlyReason?: string; readOnlyRemedy?: string; member?: string } = {},
): ToolSelection | { error: string } {
  for (const name of new Set(query.keys())) {
    if (!(TOOL_SELECTION_PARAMETERS as readonly string[]).includes(name)) {
      return { error: `unknown query parameter '${name}' on /mcp; it takes ${TOOL_SELECTION_PARAMETERS.join(" and ")}` };
    }
    if (query.getAll(name).length > 1) return { error: `'${name}' is given more than once on /mcp` };
  }
  const readOnlyText = query.get("read_only");
  const readOnly = readOnlyText === null ? false : BOOLEAN_TEXT.get(readOnlyText.trim().toLowerCase());
  if (readOnly === undefined) return { error: `read_only must be true or false, not '${readOnlyText}'` };
  const readsOnly = readOnly || options.readOnlyKey === true;
  let areas: Set<string> | null = null;
  const areasText = query.get("areas");
  if (areasText !== null) {
    const known = new Map(tools.map((tool) => [areaKey(tool.area), tool.area]));
    const asked = areasText.split(",").map((area) => area.trim()).filter((area) => area !== "");
    const unknown = asked.filter((area) => !known.has(areaKey(area)));
    if (asked.length === 0 || unknown.length > 0) {
      const names = [...new Set(known.values())].sort((a, b) => a.localeCompare(b));
      return { error: `areas must name some of ${names.join(", ")}${unknown.length > 0 ? `; unknown: ${unknown.join(", ")}` : ""}` };
    }
    areas = new Set(asked.map((area) => known.get(areaKey(area))!));
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const forAdministrators = (name: string) => options.member !== undefined && byName.get(name)?.administratorsOnly === true;
  const selected = tools.filter(
    (tool) => (!readsOnly || tool.annotations.readOnlyHint) && (areas === null || areas.has(tool.area)) && !forAdministrators(tool.name),
  );
  return {
    tools: toolsAsSelected(selected),
    refusal: (name) => {
      // Only what keeps this tool out: a read tool outside the URL's areas is not refused for a read-only key.
      const tool = byName.get(name);
      const writes = tool !== undefined && !tool.annotations.readOnlyHint;
      const url = [
        ...(areas !== null && tool !== undefined && !areas.has(tool.area) ? [{ asked: `areas=${[...areas].join(",")}`, needed: `whose areas include ${tool.area}` }] : []),
        ...(writes && readOnly ? [{ asked: "read_only=true", needed: "without read_only=true" }] : []),
      ];
      const reasons = url.length > 0 ? [`its /mcp URL asks for ${url.map((part) => part.asked).join(" and ")}`] : [];
      const remedies = url.length > 0 ? [`a /mcp URL ${url.map((part) => part.needed).join(" and ")}`] : [];
      if (writes && options.readOnlyKey) {
        reasons.push(options.readOnlyReason ?? "its API key is read-only");
        remedies.push(options.readOnlyRemedy ?? "an API key that is not read-only");
      }
      if (forAdministrators(name)) {
        reasons.push(`only an administrator may call it, and its calls act as ${shownName(options.member!)}, a member`);
        remedies.push("an administrator's API key or sign-in");
      }
      return `tool '${name}' is not available to this client: ${reasons.join(", and ")}; calling it takes ${remedies.join(" and ")}, which the client's user sets up (no tool call can); tools/list names the tools it has`;
    },
  };
}
