/** `Idempotency-Key` on uploads over a real port: a retried upload, sent with another multipart boundary, gets its first answer. */
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_IMPORTS_PER_TENANT } from "../imports/import-slots.js";
import { API_CONTRACT_VERSION } from "../api-contract-version.js";
import { IDEMPOTENCY_KEY_PARAMETER_REFERENCE } from "../openapi/build-openapi-document.js";
import { contractOfOperations } from "../openapi/contract-of-operations.js";
import { operations } from "../routes/operations.js";
import { startServer, type RunningServer } from "../server.js";
import { callMcpTool } from "../testing/mcp-call.js";
import { comparedFormBody, digestOf } from "./idempotent-uploads.js";
import { IDEMPOTENCY_CLAIM_STALE_MS, IDEMPOTENCY_KEY_KEPT_MS, idempotencyCaller, requestFingerprint } from "./idempotent-writes.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let running: RunningServer;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  running = await startServer(context.services, { port: 0 });
});
afterEach(async () => {
  await running.close();
  await context.services.importJobs.settled();
  await context.close();
});

/** One part of a form: a text field, or a file with its name and type. */
type Part = { name: string; value: string } | { name: string; filename: string; type: string; content: string };

/** The form's bytes under `boundary`, as a client writes them: each retry of an HTTP client picks a new boundary. */
function multipart(boundary: string, parts: Part[]): string {
  const written = parts.map((part) =>
    "filename" in part
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n${part.content}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
  );
  return `${written.join("")}--${boundary}--\r\n`;
}

interface Sent {
  status: number;
  body: Record<string, any>;
  replayed: string | null;
}

async function post(path: string, boundary: string, parts: Part[], idempotencyKey?: string, key = acme.key): Promise<Sent> {
  const headers: Record<string, string> = { "x-api-key": key, "content-type": `multipart/form-data; boundary=${boundary}` };
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  const response = await fetch(`http://127.0.0.1:${running.port}${path}`, { method: "POST", headers, body: multipart(boundary, parts) });
  return { status: response.status, body: (await response.json()) as Record<string, any>, replayed: response.headers.get("idempotent-replayed") };
}

function countRows(table: "files" | "import_jobs"): number {
  const database = new SqliteDatabase(context.databasePath, { readonly: true });
  try {
    return database.prepare(`select count(*) from ${table}`).pluck().get() as number;
  } finally {
    database.close();
  }
}

const deck: Part = { name: "file", filename: "deck.pdf", type: "application/pdf", content: "%PDF-1.4 the deck" };

describe("Idempotency-Key on POST /v1/files", () => {
  it("gives an upload sent again with another boundary its first file, storing one; another file with the key is a 422", async () => {
    const first = await post("/v1/files", "----formdata-undici-0123456789", [deck], "upload-1");
    expect(first).toMatchObject({ status: 201, replayed: null });
    const again = await post("/v1/files", "----WebKitFormBoundary7MA4YWxkTrZu0gW", [deck], "upload-1");
    expect(again).toEqual({ ...first, replayed: "true" });
    expect(countRows("files")).toBe(1);

    for (const other of [{ ...deck, content: "%PDF-1.4 another deck" }, { ...deck, filename: "deck-v2.pdf" }, { ...deck, type: "application/octet-stream" }]) {
      const refused = await post("/v1/files", "b-other", [other], "upload-1");
      expect(refused.status, JSON.stringify(other)).toBe(422);
      expect(refused.body.error).toMatch(/^Idempotency-Key "upload-1" was sent in the last 24 hours with another request/);
    }
    expect(countRows("files")).toBe(1);
    // Without a key each upload is stored.
    expect((await post("/v1/files", "b-plain", [deck])).status).toBe(201);
    expect(countRows("files")).toBe(2);
  });

  it("answers 409 with Retry-After while the same upload's first request runs; another caller's same key is its own", async () => {
    const [tenantKey] = (await context.services.store.apiKeys.list(acme.tenant.uuid)).filter((key) => key.user_uuid === null);
    const form = comparedFormBody({ fields: [], files: [{ field: "file", filename: deck.filename, contentType: deck.type, sha256: digestOf(Buffer.from(deck.content)) }] });
    await context.services.store.idempotentRequests.claim(acme.tenant.uuid, {
      caller: idempotencyCaller({ key: tenantKey!, user: null }),
      key: "upload-busy",
      fingerprint: requestFingerprint("POST", "http://localhost/v1/files", form),
      at: context.clock.now(),
      keepForMs: IDEMPOTENCY_KEY_KEPT_MS,
      staleAfterMs: IDEMPOTENCY_CLAIM_STALE_MS,
    });
    const busy = await fetch(`http://127.0.0.1:${running.port}/v1/files`, {
      method: "POST",
      headers: { "x-api-key": acme.key, "content-type": "multipart/form-data; boundary=b-busy", "idempotency-key": "upload-busy" },
      body: multipart("b-busy", [deck]),
    });
    expect([busy.status, busy.headers.get("retry-after")]).toEqual([409, "1"]);
    expect(countRows("files")).toBe(0);
    const globex = await buildTenant(context.services, { name: "Globex" });
    const answers = [await post("/v1/files", "b-1", [deck], "upload-busy", acme.memberKey), await post("/v1/files", "b-2", [deck], "upload-busy", globex.key)];
    expect(answers.map((answer) => [answer.status, answer.replayed])).toEqual([[201, null], [201, null]]);
    expect(countRows("files")).toBe(2);
  });

  it("refuses a bad key before reading the upload, storing nothing", async () => {
    const refused = await post("/v1/files", "b", [deck], "x".repeat(256));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Idempotency-Key must be 1 to 255 visible ASCII characters/);
    expect(countRows("files")).toBe(0);
  });

  it("gives uploadFile called again with its idempotency_key the first file", async () => {
    const file = { filename: "deck.pdf", content_type: "application/pdf", content_base64: Buffer.from("%PDF-1.4 the deck").toString("base64") };
    const call = (content_base64 = file.content_base64) =>
      callMcpTool(context, { name: "uploadFile", args: { idempotency_key: "tool-upload-1", body: { file: { ...file, content_base64 } } }, headers: { "x-api-key": acme.key } });
    const first = await call();
    expect(first.isError).toBeFalsy();
    expect(await call()).toEqual(first);
    expect(countRows("files")).toBe(1);
    const other = await call(Buffer.from("another deck").toString("base64"));
    expect(other).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('HTTP 422: idempotency_key "tool-upload-1" was sent in the last 24 hours with another call') }] });
    expect(countRows("files")).toBe(1);
  });
});

describe("Idempotency-Key on POST /v1/imports", () => {
  const people: Part = { name: "file", filename: "people.csv", type: "text/csv", content: "First Name,Email\nAda,ada@x.example\n" };

  it("gives an import sent again with another boundary and its fields in another order its first job, starting one", async () => {
    const fields: Part[] = [
      { name: "kind", value: "csv" },
      { name: "map", value: "First Name=first_name" },
      { name: "map", value: "Email=email" },
    ];
    const first = await post("/v1/imports", "b-first", [...fields, people], "import-1");
    expect(first).toMatchObject({ status: 202, replayed: null });
    const again = await post("/v1/imports", "b-retry", [people, fields[1]!, fields[2]!, fields[0]!], "import-1");
    expect(again).toEqual({ ...first, replayed: "true" });
    await context.services.importJobs.settled();
    expect(countRows("import_jobs")).toBe(1);

    // Another file, or the repeated field's values in another order, is another import.
    const otherFile = await post("/v1/imports", "b-other", [...fields, { ...people, content: "First Name,Email\nBob,bob@x.example\n" }], "import-1");
    const otherMapping = await post("/v1/imports", "b-other", [fields[0]!, fields[2]!, fields[1]!, people], "import-1");
    expect([otherFile.status, otherMapping.status]).toEqual([422, 422]);
    expect(otherFile.body.error).toMatch(/^Idempotency-Key "import-1" was sent in the last 24 hours with another request/);
    await context.services.importJobs.settled();
    expect(countRows("import_jobs")).toBe(1);
  });

  it("gives an import sent again while the tenant's imports are at the limit, or the upload space is full, its first job; another form is a 422", async () => {
    const kind: Part = { name: "kind", value: "csv" };
    const first = await post("/v1/imports", "b-first", [kind, people], "import-at-limit");
    expect(first).toMatchObject({ status: 202, replayed: null });
    await context.services.importJobs.settled();
    const { importJobs } = context.services;
    const places = Array.from({ length: MAX_IMPORTS_PER_TENANT }, () => importJobs.reserve(acme.tenant.uuid)!);
    try {
      expect(await post("/v1/imports", "b-retry", [people, kind], "import-at-limit")).toEqual({ ...first, replayed: "true" });
      const otherFile = await post("/v1/imports", "b-other", [kind, { ...people, content: "First Name,Email\nBob,bob@x.example\n" }], "import-at-limit");
      expect(otherFile.status).toBe(422);
      // A key with no kept answer, or none, is refused before the upload is read, as before.
      for (const key of ["import-new", undefined]) expect((await post("/v1/imports", "b-new", [kind, people], key)).status).toBe(429);
    } finally {
      for (const place of places) place.release();
    }
    const space = importJobs.holdUploadSpace(importJobs.uploadSpaceBytes)!;
    try {
      expect(await post("/v1/imports", "b-full", [kind, people], "import-at-limit")).toEqual({ ...first, replayed: "true" });
      expect((await post("/v1/imports", "b-full", [kind, people], "import-new")).status).toBe(503);
    } finally {
      space.release();
    }
    // The key refused at the limit was not taken: the upload sent with it now runs.
    expect((await post("/v1/imports", "b-later", [kind, people], "import-new")).status).toBe(202);
    await context.services.importJobs.settled();
    expect(countRows("import_jobs")).toBe(2);
  });
});

describe("the uploads' Idempotency-Key in the OpenAPI document", () => {
  it("is a parameter of both uploads, with the 409 and 422 it may answer", () => {
    // The document the app serves, made once per worker.
    const document = contractOfOperations(operations, API_CONTRACT_VERSION).openApiDocument;
    for (const path of ["/v1/files", "/v1/imports"]) {
      const upload = document.paths[path]!.post!;
      expect(upload.parameters, path).toContainEqual({ $ref: IDEMPOTENCY_KEY_PARAMETER_REFERENCE });
      expect(Object.keys(upload.responses), path).toEqual(expect.arrayContaining(["409", "422"]));
    }
  });
});
