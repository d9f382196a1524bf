/** A tools/call through the app's /mcp in-process, as a stateless JSON-RPC POST: the tool's result. */
import type { ToolResult } from "../mcp/tool-request.js";
import type { TestContext } from "./test-harness.js";

export async function callMcpTool(context: TestContext, call: { name: string; args: Record<string, unknown>; headers: Record<string, string> }): Promise<ToolResult> {
  const response = await context.app.request("/mcp", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", ...call.headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: call.name, arguments: call.args } }),
  });
  const text = await response.text();
  // The answer is JSON, or an event stream whose data line carries it.
  const json = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))?.slice(6);
  if (!json) throw new Error(`callMcpTool: /mcp answered ${response.status} with no JSON-RPC message: ${text.slice(0, 300)}`);
  const message = JSON.parse(json) as { result?: ToolResult; error?: { message: string } };
  if (!message.result) throw new Error(`callMcpTool: ${call.name} answered a JSON-RPC error: ${message.error?.message}`);
  return message.result;
}
