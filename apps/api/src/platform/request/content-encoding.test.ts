import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

async function post(path: string, body: Uint8Array | FormData, headers: Record<string, string>) {
  const response = await context.app.request(path, { method: "POST", headers: { "x-api-key": acme.key, ...headers }, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a compressed request body", () => {
  it("is a 415 naming the encoding for a JSON body, where the compressed bytes were refused as text that is not UTF-8", async () => {
    const gzipped = new Uint8Array(gzipSync(JSON.stringify({ name: "Ada Lovelace" })));
    expect(await post("/v1/persons", gzipped, { "content-type": "application/json", "content-encoding": "gzip" })).toEqual({
      status: 415,
      body: { error: "request body must not be compressed: Content-Encoding gzip is not supported; send it without one" },
    });
    const plain = new TextEncoder().encode(JSON.stringify({ name: "Ada Lovelace" }));
    expect((await post("/v1/persons", plain, { "content-type": "application/json", "content-encoding": "identity" })).status).toBe(201);
  });

  it("is a 415 for an upload, where the file was stored compressed under its own name", async () => {
    const form = new FormData();
    form.append("file", new Blob(["memo"]), "memo.txt");
    const compressed = await post("/v1/files", form, { "content-encoding": "br" });
    expect(compressed).toEqual({ status: 415, body: { error: expect.stringMatching(/^request body must not be compressed: Content-Encoding br/) } });
    const archive = new FormData();
    archive.append("kind", "csv");
    archive.append("file", new Blob(["Name,Email\r\nAda,ada@example.test\r\n"]), "contacts.csv");
    expect((await post("/v1/imports", archive, { "content-encoding": "gzip" })).status).toBe(415);
  });
});
