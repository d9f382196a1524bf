/** @module The MCP SDK's own client, connected to a running server's /mcp over its port with a tenant's key. */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { sharedSchemaValidator } from "./mcp-client-validator.js";

export interface McpClientConnection {
  /** The /mcp URL's query choosing the tools, from its `?` (e.g. `"?read_only=true"`); none by default. */
  query?: string;
  /** Headers sent with every request beside `x-api-key`. */
  headers?: Record<string, string>;
}

/**
 * A `Client` named `name`, connected over Streamable HTTP to `${serverUrl}/mcp` (and `query`) sending `x-api-key: key`
 * (and `headers`), validating output schemas with the suite's shared validator. Close it when done.
 *
 * @example
 * const client = await connectMcpClient(server.url, acme.key, "rapport-file-test");
 * const readOnly = await connectMcpClient(server.url, acme.key, "rapport-selection-test", { query: "?read_only=true" });
 */
export async function connectMcpClient(serverUrl: string, key: string, name: string, { query = "", headers = {} }: McpClientConnection = {}): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp${query}`), { requestInit: { headers: { "x-api-key": key, ...headers } } }));
  return client;
}
