import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { multipartTextProblem } from "./multipart-text-problem.js";

const BOUNDARY = "----rapport-test";
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body from parts given as their header lines and content, each as bytes (Latin-1 text allowed). */
function multipart(parts: Array<{ headers: Buffer; content: Buffer }>): Buffer {
  return Buffer.concat([
    ...parts.flatMap(({ headers, content }) => [Buffer.from(`--${BOUNDARY}\r\n`), headers, Buffer.from("\r\n\r\n"), content, Buffer.from("\r\n")]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

const textPart = (name: Buffer | string, value: Buffer | string) => ({
  headers: Buffer.concat([Buffer.from('Content-Disposition: form-data; name="'), Buffer.from(name), Buffer.from('"')]),
  content: Buffer.from(value),
});
const filePart = (filename: Buffer | string, content: Buffer | string, name = "file") => ({
  headers: Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="${name}"; filename="`), Buffer.from(filename), Buffer.from('"\r\nContent-Type: text/csv')]),
  content: Buffer.from(content),
});
const latin1 = (text: string) => Buffer.from(text, "latin1");

describe("multipartTextProblem", () => {
  it("takes UTF-8 names and values, and any bytes in a file's content", () => {
    const body = multipart([textPart("kind", "csv"), textPart("map", "Société=company"), filePart("José.csv", latin1("Name\r\nJosé\xff\r\n"))]);
    expect(multipartTextProblem(body, CONTENT_TYPE)).toBeNull();
    expect(multipartTextProblem(body, `multipart/form-data; boundary="${BOUNDARY}"`)).toBeNull();
  });

  it("names a text field whose value, or a file part whose file name, is not UTF-8", () => {
    expect(multipartTextProblem(multipart([textPart("kind", "csv"), textPart("map", latin1("Société=company"))]), CONTENT_TYPE)).toBe(
      "form field 'map': its value is not UTF-8 text (send it in UTF-8)",
    );
    expect(multipartTextProblem(multipart([filePart(latin1("José.csv"), "Name\r\n")]), CONTENT_TYPE)).toBe(
      "form field 'file': the file name is not UTF-8 text (send it in UTF-8)",
    );
    expect(multipartTextProblem(multipart([textPart(latin1("café"), "1")]), CONTENT_TYPE)).toBe("a form field's name is not UTF-8 text (send it in UTF-8)");
  });
});

describe("uploads with text that is not UTF-8", () => {
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

  it("are a 400 on POST /v1/files, where the file was stored as Jos\\uFFFD.txt", async () => {
    expect(await post("/v1/files", multipart([filePart(latin1("José.txt"), "memo")]))).toEqual({
      status: 400,
      body: { error: "form field 'file': the file name is not UTF-8 text (send it in UTF-8)" },
    });
    const stored = await post("/v1/files", multipart([filePart("José.txt", "memo")]));
    expect(stored).toMatchObject({ status: 201, body: { filename: "José.txt" } });
  });

  it("are a 400 on POST /v1/imports, where a column mapping read Soci\\uFFFDt\\u00e9 and matched no column", async () => {
    const csv = "Société,Name,Email\r\nAcme,José,jose@example.test\r\n";
    const refused = await post("/v1/imports", multipart([textPart("kind", "csv"), textPart("map", latin1("Société=company")), filePart("contacts.csv", csv)]));
    expect(refused).toEqual({ status: 400, body: { error: "form field 'map': its value is not UTF-8 text (send it in UTF-8)" } });
    const upload = await post("/v1/imports", multipart([textPart("kind", "csv"), textPart("map", "Société=company"), filePart("contacts.csv", csv)]));
    expect(upload.status).toBe(202);
  });
});
