/**
 * @module
 * Marks the request an MCP tool call passes through the app, so that an error can tell an agent what it can do
 * rather than which request header to send: a tool call sends no headers of its own.
 */
import type { Context } from "hono";

/** The binding `/mcp` adds to the environment of a tool call's inner request. */
const TOOL_CALL_BINDING = "rapportToolCall";

/**
 * The environment for a tool call's inner request: `environment` (the MCP request's own) marked as a tool call.
 *
 * @example
 * app.fetch(request, toolCallBindings({ ...context.env, outgoing: undefined }))
 */
export function toolCallBindings(environment: object): object {
  return { ...environment, [TOOL_CALL_BINDING]: true };
}

/** Whether `context` serves an MCP tool call (an inner request of `/mcp`) rather than a REST call. */
export function isToolCall(context: Context): boolean {
  return (context.env as Record<string, unknown> | undefined)?.[TOOL_CALL_BINDING] === true;
}
