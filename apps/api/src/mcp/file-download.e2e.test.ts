/**
 * An agent reading the tenant's files over a real port with the MCP SDK client: "what does the diligence memo say?".
 * A text file comes as text it can read, a large one within the size a tool result holds (its beginning, and where the
 * whole is), and a JSON file as the file it is (its bytes), not as if it were the operation's answer.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { TOOL_RESULT_BUDGET_BYTES } from "./bounded-tool-result.js";

let context: TestContext;
let server: RunningServer;
let acme: TestTenant;
let client: Client;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  server = await startServer(context.services, { port: 0 });
  client = await connectMcpClient(server.url, acme.key, "rapport-file-test");
});
afterAll(async () => {
  await client?.close();
  await server?.close(100);
  await context?.close();
});

async function upload(content: string, filename: string, type: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([content], { type }), filename);
  const response = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.key }, body: form });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function download(fileUuid: string) {
  const result = await client.callTool({ name: "downloadFile", arguments: { file_uuid: fileUuid } });
  const text = (result.content as Array<{ text: string }>)[0]!.text;
  return { isError: result.isError, text, answer: result.structuredContent as Record<string, any> };
}

describe("an agent downloading files", () => {
  it("reads a memo of 200 KB as text, its beginning within a tool result, told where the whole file is", async () => {
    const memo = "Northwind Robotics diligence memo. Revenue grew 40% year over year; two robot models ship.\n".repeat(2_200);
    const uuid = await upload(memo, "memo.txt", "text/plain");
    const { isError, text, answer } = await download(uuid);
    expect(isError).toBeFalsy();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(TOOL_RESULT_BUDGET_BYTES);
    expect(answer).toMatchObject({ status: 200, content_type: "text/plain", size_bytes: Buffer.byteLength(memo), preview: { complete: false } });
    expect(answer).not.toHaveProperty("content_base64");
    expect(memo.startsWith(answer.content_text)).toBe(true);
    expect(answer.content_text.length).toBeGreaterThan(TOOL_RESULT_BUDGET_BYTES / 2);
    expect(answer.preview.note).toContain(`GET /v1/files/${uuid}/content over REST`);
  });

  it("gets a small text file whole, as text and base64, and a JSON file as its bytes", async () => {
    const notes = "Call Jordan re: term sheet — «Friday»\n";
    const small = await download(await upload(notes, "notes.md", "text/markdown"));
    expect(small.answer).toMatchObject({ content_text: notes, content_base64: Buffer.from(notes).toString("base64"), content_type: "text/markdown" });
    expect(small.answer).not.toHaveProperty("preview");

    const cap = '{"company":"Northwind","round":"Series A"}';
    const json = await download(await upload(cap, "cap-table.json", "application/json"));
    expect(json.answer).toMatchObject({ status: 200, content_type: "application/json", content_text: cap, content_base64: Buffer.from(cap).toString("base64") });
    expect(json.answer.content_disposition).toContain("cap-table.json");
  });
});
