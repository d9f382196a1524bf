/**
 * @module
 * The MCP server behind `/mcp`, on the official SDK's stateless HTTP handler: a fresh low-level
 * `Server` per request, with `tools/list` from the generated tools and `tools/call` handed to the
 * caller the route supplies (which runs the operation through the app). It serves the 2026-07-28
 * protocol and falls back to stateless 2025-era serving for older clients.
 */
import { createMcpHandler, ProtocolError, ProtocolErrorCode, Server, type McpHttpHandler } from "@modelcontextprotocol/server";
import { instructionsFor, type ActingUser } from "./mcp-instructions.js";
import type { McpTool } from "./mcp-tools.js";
import type { ToolResult } from "./tool-request.js";
import type { ToolSelection } from "./tool-selection.js";

/** Runs one tool call for the MCP request being served. */
export type ToolCaller = (tool: McpTool, args: Record<string, unknown>) => Promise<ToolResult>;

/** Where the route puts the per-request tool caller in the SDK's pass-through `authInfo.extra`. */
export const TOOL_CALLER_KEY = "rapportToolCaller";

/** Where the route puts the user the request's calls act as (`ActingUser`, or null for tenant-wide). */
export const ACTING_USER_KEY = "rapportActingUser";

/** Where the route puts the tools the client's URL selects (`tool-selection.ts`); absent, every tool. */
export const TOOL_SELECTION_KEY = "rapportToolSelection";

export const MCP_SERVER_NAME = "rapport";

/**
 * A result as 2025-era clients get it. The 1.x TypeScript SDK client checks a result's structured content
 * against the tool's output schema even when `isError` is set (typescript-sdk issue #1943), so an error's
 * `{status, error}` would make its `callTool` throw instead of returning the error: for a tool that declares
 * an output schema, an error result keeps only its text (`HTTP <status>: <message>`). 2026-07-28 clients skip
 * the check on errors, as the server SDK does, and get `{status, error}`.
 */
function forLegacyClients(tool: McpTool, result: ToolResult): ToolResult {
  if (!result.isError || !tool.outputSchema || result.structuredContent === undefined) return result;
  const { structuredContent: _dropped, ...textOnly } = result;
  return textOnly;
}

export interface RapportMcpHandlerOptions {
  tools: readonly McpTool[];
  version: string;
}

export function createRapportMcpHandler({ tools, version }: RapportMcpHandlerOptions): McpHttpHandler {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listedOf = (selected: readonly McpTool[]) =>
    selected.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations,
    }));
  const everyTool = listedOf(tools);
  return createMcpHandler(
    (context) => {
      const caller = context.authInfo?.extra?.[TOOL_CALLER_KEY] as ToolCaller | undefined;
      const selection = context.authInfo?.extra?.[TOOL_SELECTION_KEY] as ToolSelection | undefined;
      const selected = selection ? new Set(selection.tools.map((tool) => tool.name)) : null;
      const actingUser = (context.authInfo?.extra?.[ACTING_USER_KEY] as ActingUser | null | undefined) ?? null;
      const server = new Server(
        { name: MCP_SERVER_NAME, title: "Rapport", version },
        // The instructions name only the tools the client may call: a route through another would be refused.
        { capabilities: { tools: {} }, instructions: instructionsFor(actingUser, selected ? (tool) => selected.has(tool) : undefined) },
      );
      server.setRequestHandler("tools/list", async () => ({ tools: selection ? listedOf(selection.tools) : everyTool }));
      server.setRequestHandler("tools/call", async (request) => {
        const tool = byName.get(request.params.name);
        if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool '${request.params.name}'; tools/list names them all`);
        if (!caller) throw new ProtocolError(ProtocolErrorCode.InternalError, "tool calls are not available on this request");
        // A real tool outside the client's selection is a tool error, which the model reads (why, and what would allow
        // it), where a protocol error stops some agent frameworks' whole run.
        const result =
          selected && selection && !selected.has(tool.name)
            ? { content: [{ type: "text" as const, text: selection.refusal(tool.name) }], isError: true }
            : await caller(tool, (request.params.arguments ?? {}) as Record<string, unknown>);
        return server.projectCallToolResult(context.era === "legacy" ? forLegacyClients(tool, result) : result, tool.outputSchema);
      });
      return server;
    },
    { legacy: "stateless" },
  );
}
