/** JSON-RPC messages through the app's /mcp in-process, as stateless POSTs: the answer, and a tool's result. */
import type { ToolResult } from "../mcp/tool-request.js";
import type { TestContext } from "./test-harness.js";

/** One JSON-RPC answer of /mcp: its result or its error. */
export interface McpAnswer<Result = unknown> {
  result?: Result;
  error?: { code: number; message: string };
}

/**
 * POSTs one JSON-RPC message to /mcp (with `query`, a URL selecting tools: `?areas=imports`) and reads its answer, JSON
 * or the data line of an event stream.
 */
export async function postMcpMessage<Result = unknown>(
  context: TestContext,
  message: { method: string; params?: unknown },
  headers: Record<string, string>,
  query = "",
): Promise<McpAnswer<Result>> {
  const response = await context.app.request(`/mcp${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, params: {}, ...message }),
  });
  const text = await response.text();
  const json = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))?.slice(6);
  if (!json) throw new Error(`postMcpMessage: /mcp answered ${response.status} with no JSON-RPC message: ${text.slice(0, 300)}`);
  return JSON.parse(json) as McpAnswer<Result>;
}

/** A tools/call's result (through `/mcp${call.query}` when given); a JSON-RPC error throws. */
export async function callMcpTool(context: TestContext, call: { name: string; args: Record<string, unknown>; headers: Record<string, string>; query?: string }): Promise<ToolResult> {
  const message = await postMcpMessage<ToolResult>(context, { method: "tools/call", params: { name: call.name, arguments: call.args } }, call.headers, call.query);
  if (!message.result) throw new Error(`callMcpTool: ${call.name} answered a JSON-RPC error: ${message.error?.message}`);
  return message.result;
}
