/** POST /v1/imports within the server's upload space: all tenants' uploads on disk together, refused before writing. */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app.js";
import { createImportJobs } from "../../imports/import-jobs.js";
import { mailMessage, mboxFile } from "../../imports/testing/archive-builders.js";
import { createLogger } from "../../platform/logging/logger.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { createImportOperation } from "./create-import.js";

const BOUNDARY = "----rapport-space";
const MEBIBYTE = 1024 * 1024;

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;
let folder: string;
let app: ReturnType<typeof createApp>;
let jobs: ReturnType<typeof createImportJobs>;
beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
  folder = mkdtempSync(join(tmpdir(), "rapport-upload-space-"));
  // 3 MiB for every upload of the server; one upload may be 2 MiB.
  jobs = createImportJobs({ store: context.services.store, clock: context.clock, logger: createLogger({ level: "silent" }), folder, uploadSpaceBytes: 3 * MEBIBYTE });
  app = createApp({ ...context.services, importJobs: jobs }, { operations: [createImportOperation({ maxUploadBytes: 2 * MEBIBYTE })] });
});
afterEach(async () => {
  await jobs.settled();
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

const message = mboxFile([
  mailMessage({ messageId: "<space@northwind.example>", from: "Jordan Blake <jordan@northwind.example>", to: ["ada@acme.example"], date: "Mon, 2 Nov 2026 09:00:00 +0000", subject: "Space" }),
]);

/** A whole mbox upload whose message carries `padding` bytes of body. */
function uploadBody(padding: number): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nmbox\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="inbox.mbox"\r\nContent-Type: application/mbox\r\n\r\n`),
    Buffer.from(message),
    Buffer.from(`${"x".repeat(1023)}\n`.repeat(Math.floor(padding / 1024))),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** Starts an upload of `body` by `key` that stays open after its first `sent` bytes until `finish` is called. */
function openUpload(key: string, body: Buffer, sent: number, { declared = true } = {}) {
  let sender!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      sender = controller;
    },
  });
  const headers: Record<string, string> = { "x-api-key": key, "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (declared) headers["content-length"] = String(body.length);
  const answered = app.request("/v1/imports", { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
  sender.enqueue(new Uint8Array(body.subarray(0, sent)));
  return {
    answered,
    finish() {
      sender.enqueue(new Uint8Array(body.subarray(sent)));
      sender.close();
    },
  };
}

async function post(key: string, body: Buffer) {
  const response = await app.request("/v1/imports", {
    method: "POST",
    headers: { "x-api-key": key, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(body.length) },
    body: new Uint8Array(body),
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
}

/** The uploads' folders under `folder`, and the bytes in them. */
function saved(): { folders: number; bytes: number } {
  let bytes = 0;
  const folders = readdirSync(folder);
  for (const upload of folders) for (const file of readdirSync(join(folder, upload))) bytes += statSync(join(folder, upload, file)).size;
  return { folders: folders.length, bytes };
}

const FULL = {
  status: 503,
  retryAfter: "30",
  body: { error: "this server's space for import uploads (3 MiB, every workspace's uploads being received or imported) is full: upload again after Retry-After seconds" },
};

describe("POST /v1/imports within the server's upload space", () => {
  it("refuses another tenant's upload that would go over the space, before writing a byte, and takes it once the space is free", async () => {
    const large = uploadBody(2 * MEBIBYTE - 64 * 1024);
    const first = openUpload(acme.key, large, MEBIBYTE);
    for (let waited = 0; saved().bytes < MEBIBYTE / 2 && waited < 30_000; waited += 20) await sleep(20);
    const before = saved();
    expect(before.folders).toBe(1);
    // Acme's upload holds its declared 2 MiB: 1 MiB of Globex's more would pass the 3 MiB.
    expect(await post(globex.key, uploadBody(MEBIBYTE + 64 * 1024))).toEqual(FULL);
    expect(saved().folders).toBe(1);
    // A small one still fits beside it.
    expect(await post(globex.key, uploadBody(64 * 1024))).toMatchObject({ status: 202 });
    first.finish();
    expect((await first.answered).status).toBe(202);
    await jobs.settled();
    // The jobs have ended: their bytes are given back.
    expect(await post(globex.key, uploadBody(MEBIBYTE + 64 * 1024))).toMatchObject({ status: 202 });
  });

  it("holds the whole upload limit for an upload of no declared length while it arrives, its size once saved", async () => {
    const chunked = openUpload(acme.key, uploadBody(64 * 1024), 1024, { declared: false });
    for (let waited = 0; saved().folders < 1 && waited < 30_000; waited += 20) await sleep(20);
    // 2 MiB held for it: 1.1 MiB more would pass the 3 MiB.
    expect(await post(globex.key, uploadBody(MEBIBYTE + 64 * 1024))).toEqual(FULL);
    chunked.finish();
    expect((await chunked.answered).status).toBe(202);
    await jobs.settled();
    expect(await post(globex.key, uploadBody(MEBIBYTE + 64 * 1024))).toMatchObject({ status: 202 });
  });

  it("holds an MCP upload's own size, not the whole limit: the tool's request declares its length", async () => {
    const first = openUpload(acme.key, uploadBody(2 * MEBIBYTE - 64 * 1024), MEBIBYTE);
    for (let waited = 0; saved().bytes < MEBIBYTE / 2 && waited < 30_000; waited += 20) await sleep(20);
    const file = { filename: "inbox.mbox", content_type: "application/mbox", content_base64: Buffer.from(message).toString("base64") };
    const response = await app.request("/mcp", {
      method: "POST",
      headers: { "x-api-key": globex.key, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "createImport", arguments: { body: { kind: "mbox", file } } } }),
    });
    const text = await response.text();
    const answer = JSON.parse(text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6)) as {
      result: { isError?: boolean; content: Array<{ text: string }> };
    };
    // Undeclared, it held the 2 MiB limit beside Acme's 2 MiB: a 503 for a message of a few hundred bytes.
    expect(answer.result.isError ?? false, answer.result.content[0]?.text).toBe(false);
    first.finish();
    expect((await first.answered).status).toBe(202);
  });

  it("gives the space back at once when an upload is refused", async () => {
    const bad = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nics\r\n`),
      uploadBody(2 * MEBIBYTE - 64 * 1024).subarray(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nmbox\r\n`.length),
    ]);
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await post(acme.key, bad)).status).toBe(400);
    expect(saved().folders).toBe(0);
    expect(await post(globex.key, uploadBody(2 * MEBIBYTE - 64 * 1024))).toMatchObject({ status: 202 });
  });
});
