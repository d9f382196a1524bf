/** @module The MCP SDK's own client, connected to a running server's /mcp over its port with a tenant's key. */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { sharedSchemaValidator } from "./mcp-client-validator.js";

/**
 * A `Client` named `name`, connected over Streamable HTTP to `${serverUrl}/mcp` sending `x-api-key: key`, validating
 * output schemas with the suite's shared validator. Close it when done.
 *
 * @example
 * const client = await connectMcpClient(server.url, acme.key, "rapport-file-test");
 */
export async function connectMcpClient(serverUrl: string, key: string, name: string): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" }, { versionNegotiation: { mode: "auto" }, jsonSchemaValidator: sharedSchemaValidator });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`), { requestInit: { headers: { "x-api-key": key } } }));
  return client;
}
