import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { MAX_MULTIPART_PARTS } from "./count-limits.js";
import { multipartPartsProblem } from "./multipart-parts-problem.js";

const BOUNDARY = "----rapport-test";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const TOO_MANY = `the multipart body has more than ${MAX_MULTIPART_PARTS} parts: send the file and each field once (map at most as often as it may repeat)`;

/** A multipart body of `fields` text parts (`map`), then one file part; `opening` goes before the first delimiter. */
function multipart(fields: number, opening = ""): Buffer {
  const parts = Array.from({ length: fields }, () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\nName=name\r\n`);
  const file = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\nName,Email\r\nAda,ada@example.test\r\n`;
  return Buffer.from(`${opening}${parts.join("")}${file}--${BOUNDARY}--\r\n`);
}

describe("multipartPartsProblem", () => {
  it("takes up to MAX_MULTIPART_PARTS parts, with or without a line break before the first delimiter", () => {
    expect(multipartPartsProblem(multipart(MAX_MULTIPART_PARTS - 1), CONTENT_TYPE)).toBeNull();
    expect(multipartPartsProblem(multipart(MAX_MULTIPART_PARTS - 1, "\r\n"), CONTENT_TYPE)).toBeNull();
    expect(multipartPartsProblem(multipart(MAX_MULTIPART_PARTS), CONTENT_TYPE)).toBe(TOO_MANY);
    expect(multipartPartsProblem(multipart(MAX_MULTIPART_PARTS, "\r\n"), CONTENT_TYPE)).toBe(TOO_MANY);
    // Without a boundary the parse answers (its 400 says to check the boundary).
    expect(multipartPartsProblem(multipart(MAX_MULTIPART_PARTS * 2), "multipart/form-data")).toBeNull();
  });
});

describe("uploads of more parts than any upload takes", () => {
  let context: TestContext;
  let acme: TestTenant;
  beforeEach(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
  });
  afterEach(() => context.close());

  async function post(path: string, body: Buffer) {
    const response = await context.app.request(path, { method: "POST", headers: { "x-api-key": acme.adminKey, "content-type": CONTENT_TYPE }, body: new Uint8Array(body) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("are a 400 saying so on POST /v1/files and POST /v1/imports, before the form is parsed", async () => {
    const body = multipart(MAX_MULTIPART_PARTS);
    expect(await post("/v1/files", body)).toEqual({ status: 400, body: { error: TOO_MANY } });
    expect(await post("/v1/imports", body)).toEqual({ status: 400, body: { error: TOO_MANY } });
  });
});
