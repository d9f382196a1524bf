import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { multipartHeadersProblem } from "./multipart-headers-problem.js";
import { MAX_PART_HEADER_BYTES } from "./streamed-multipart-form.js";

const BOUNDARY = "----rapport-test";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const TOO_LONG = "a part's headers are longer than 16 KiB: send its Content-Disposition (name, filename) and Content-Type only";

/** A multipart body of one file part whose headers carry `padding` bytes of an extra header. */
function multipart(padding: number, { closed = true } = {}): Buffer {
  const extra = padding > 0 ? `\r\nX-Padding: ${"p".repeat(padding)}` : "";
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="memo.txt"\r\nContent-Type: text/plain${extra}`;
  return Buffer.from(closed ? `${head}\r\n\r\nmemo\r\n--${BOUNDARY}--\r\n` : head);
}

describe("multipartHeadersProblem", () => {
  it("takes a part's headers up to MAX_PART_HEADER_BYTES, refuses longer ones, ended or not", () => {
    // The header block runs from the line break after the delimiter to the blank line.
    const fixed = multipart(0).indexOf("\r\n\r\n") - `--${BOUNDARY}`.length + "\r\nX-Padding: ".length;
    expect(multipartHeadersProblem(multipart(MAX_PART_HEADER_BYTES - fixed), CONTENT_TYPE)).toBeNull();
    expect(multipartHeadersProblem(multipart(MAX_PART_HEADER_BYTES - fixed + 1), CONTENT_TYPE)).toBe(TOO_LONG);
    expect(multipartHeadersProblem(multipart(MAX_PART_HEADER_BYTES, { closed: false }), CONTENT_TYPE)).toBe(TOO_LONG);
    expect(multipartHeadersProblem(multipart(100, { closed: false }), CONTENT_TYPE)).toBeNull();
    // Without a boundary the parse answers (its 400 says to check the boundary).
    expect(multipartHeadersProblem(multipart(MAX_PART_HEADER_BYTES * 2), "multipart/form-data")).toBeNull();
  });
});

describe("POST /v1/files with a part's headers of megabytes", () => {
  let context: TestContext;
  let acme: TestTenant;
  beforeEach(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
  });
  afterEach(() => context.close());

  it("is a 400 saying so, found before the form parser reads them, and stores nothing", async () => {
    const response = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.adminKey, "content-type": CONTENT_TYPE }, body: new Uint8Array(multipart(5 * 1024 * 1024)) });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { error: TOO_LONG } });
    const stored = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.adminKey, "content-type": CONTENT_TYPE }, body: new Uint8Array(multipart(1024)) });
    expect(stored.status).toBe(201);
  });
});
