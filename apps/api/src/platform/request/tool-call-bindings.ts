/**
 * @module
 * Marks the request an MCP tool call passes through the app, so that an error can tell an agent what it can do
 * rather than which request header to send: a tool call sends no headers of its own.
 */
import type { Context } from "hono";
import type { HasTool } from "../errors/api-error.js";

/** The binding `/mcp` adds to the environment of a tool call's inner request: the tools its client may call. */
const TOOL_CALL_BINDING = "rapportToolCall";

/**
 * The environment for a tool call's inner request: `environment` (the MCP request's own) marked as a tool call of a
 * client that may call the tools `hasTool` admits.
 *
 * @example
 * app.fetch(request, toolCallBindings({ ...context.env, outgoing: undefined }, (tool) => selected.has(tool)))
 */
export function toolCallBindings(environment: object, hasTool: HasTool): object {
  return { ...environment, [TOOL_CALL_BINDING]: hasTool };
}

/** The tools the client of an MCP tool call (an inner request of `/mcp`) may call; null for a REST call. */
export function toolCallTools(context: Context): HasTool | null {
  const binding = (context.env as Record<string, unknown> | undefined)?.[TOOL_CALL_BINDING];
  return typeof binding === "function" ? (binding as HasTool) : null;
}

/** Whether `context` serves an MCP tool call (an inner request of `/mcp`) rather than a REST call. */
export function isToolCall(context: Context): boolean {
  return toolCallTools(context) !== null;
}
