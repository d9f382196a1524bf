/** Files: multipart upload with its limit, download with the kept content type, metadata, deletion, and counting on opportunities. */
import { createHash } from "node:crypto";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildOpportunity, buildPipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { MAX_FILE_BYTES } from "../../platform/request/multipart-file.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterEach(() => context.close());

async function upload(content: Uint8Array | string, options: { filename?: string; type?: string; key?: string; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? "file", new Blob([content], { type: options.type ?? "" }), options.filename ?? "memo.txt");
  const response = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": options.key ?? acme.key }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("files", () => {
  it("uploads, describes and downloads a file with its name and content type", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    const created = await upload(bytes, { filename: "Term sheet – v2.pdf", type: "application/pdf", key: acme.memberKey });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      filename: "Term sheet – v2.pdf",
      content_type: "application/pdf",
      size_bytes: 7,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      uploaded_by: { uuid: acme.member.uuid, type: "USER" },
    });
    expect((await call(`/v1/files/${created.body.uuid}`)).body).toEqual(created.body);
    const download = await context.request(`/v1/files/${created.body.uuid}/content`, { key: acme.key });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="Term sheet _ v2.pdf"; filename*=UTF-8''Term%20sheet%20%E2%80%93%20v2.pdf`);
    expect(download.headers.get("x-request-id")).toBeTruthy();
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);

    // RFC 8187's attr-char has no ' ( ) *, which encodeURIComponent leaves: a strict parser would stop at the quote.
    const punctuated = await upload("plain", { filename: "O'Brien (draft)*!.txt" });
    const punctuatedDownload = await context.request(`/v1/files/${punctuated.body.uuid}/content`, { key: acme.key });
    const disposition = punctuatedDownload.headers.get("content-disposition")!;
    expect(disposition).toBe(`attachment; filename="O'Brien (draft)*!.txt"; filename*=UTF-8''O%27Brien%20%28draft%29%2A!.txt`);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe("O'Brien (draft)*!.txt");

    const untyped = await upload("plain", { filename: "../../etc/notes" });
    expect(untyped.body).toMatchObject({ filename: "notes", content_type: "application/octet-stream", size_bytes: 5 });
  });

  it("serves an HTML or SVG file as a sandboxed attachment that loads nothing, so its script never runs with the API's origin", async () => {
    for (const [filename, type, content] of [
      ["page.html", "text/html", "<script>fetch('/v1/persons')</script>"],
      ["logo.svg", "image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ]) {
      const created = await upload(content!, { filename, type });
      const download = await context.request(`/v1/files/${created.body.uuid}/content`, { key: acme.key });
      expect(download.headers.get("content-type")).toBe(type);
      expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(download.headers.get("x-content-type-options")).toBe("nosniff");
      expect(download.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    }
  });

  it("answers 413 beyond the size limit, 415 for a non-multipart body and 400 without a file part", async () => {
    const tooLarge = await upload(new Uint8Array(MAX_FILE_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatch(/larger than the 10 MiB limit/);
    const atLimit = await upload(new Uint8Array(MAX_FILE_BYTES));
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.size_bytes).toBe(MAX_FILE_BYTES);

    const json = await call("/v1/files", { method: "POST", body: { file: "x" } });
    expect(json.status).toBe(415);
    expect(json.body.error).toMatch(/multipart\/form-data/);
    const wrongField = await upload("x", { field: "attachment" });
    expect(wrongField.status).toBe(400);
    // The misnamed file is the error reported, as an unknown body field is before a missing one.
    expect(wrongField.body.error).toBe("form: unknown field 'attachment'; accepted here: file");
    const textOnly = new FormData();
    textOnly.append("file", "not a file");
    const noFile = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.key }, body: textOnly });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ error: "the multipart body needs a file part named 'file'" });
    const twoFiles = new FormData();
    twoFiles.append("file", new Blob(["one"]), "one.txt");
    twoFiles.append("file", new Blob(["two"]), "two.txt");
    const twice = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.key }, body: twoFiles });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ error: "the multipart body has 2 parts named 'file': send one file" });
    // A client that set the type by hand and left out the boundary sent multipart all the same.
    const unbounded = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.key, "content-type": "multipart/form-data" }, body: "--x\r\n" });
    expect(unbounded.status).toBe(400);
    expect(await unbounded.json()).toEqual({ error: "the multipart body could not be read: check the boundary and the part headers" });
    const lookalike = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.key, "content-type": "multipart/form-datax" }, body: "x" });
    expect(lookalike.status).toBe(415);
  });

  it("keeps a part's content type only when it is a media type of at most 255 characters, else a 400 naming the field, over REST and MCP", async () => {
    /** Sends one part with `type` as its Content-Type header, byte for byte (a FormData would not send every text). */
    const uploadTyped = async (type: string) => {
      const body = `--b\r\nContent-Disposition: form-data; name="file"; filename="deck.txt"\r\nContent-Type: ${type}\r\n\r\ndeck\r\n--b--\r\n`;
      const headers = { "x-api-key": acme.key, "content-type": "multipart/form-data; boundary=b" };
      const response = await context.app.request("/v1/files", { method: "POST", headers, body });
      return { status: response.status, body: (await response.json()) as Record<string, any> };
    };
    const longest = `application/${"x".repeat(255 - "application/".length)}`;
    for (const type of ["text/plain; charset=utf-8", 'text/plain;format="flowed" ; delsp=yes', "application/vnd.ms-excel", longest]) {
      const kept = await uploadTyped(type);
      expect({ type, status: kept.status, content_type: kept.body.content_type }).toEqual({ type, status: 201, content_type: type });
      const download = await context.request(`/v1/files/${kept.body.uuid}/content`, { key: acme.key });
      expect(download.headers.get("content-type")).toBe(type);
    }
    const database = new SqliteDatabase(context.databasePath, { readonly: true });
    const stored = () => database.prepare("select count(*) from files").pluck().get();
    try {
      expect(await uploadTyped(`${longest}x`)).toEqual({
        status: 400,
        body: { error: "form field 'file': the part's Content-Type is 256 characters long, at most 255 are kept: send its media type, such as application/pdf" },
      });
      expect(await uploadTyped(`text/plain; x=${"y".repeat(10_000)}`)).toMatchObject({ status: 400, body: { error: expect.stringContaining("is 10014 characters long") } });
      // A megabyte of it is refused before the form parser reads it, as any part's headers over 16 KiB.
      expect(await uploadTyped(`text/plain; x=${"y".repeat(1_000_000)}`)).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^a part's headers are longer than 16 KiB/) } });
      for (const type of ["pdf", "text/", "text/plain; charset", "text /plain", "<script>/x"]) {
        expect(await uploadTyped(type)).toEqual({
          status: 400,
          body: { error: `form field 'file': the part's Content-Type "${type}" is not a media type: send type/subtype, such as application/pdf` },
        });
      }
      const file = { filename: "deck.txt", content_type: "pdf", content_base64: Buffer.from("deck").toString("base64") };
      const tool = await callMcpTool(context, { name: "uploadFile", args: { body: { file } }, headers: { "x-api-key": acme.key } });
      expect(tool).toMatchObject({ isError: true, content: [{ text: expect.stringContaining("HTTP 400: form field 'file': the part's Content-Type \"pdf\" is not a media type") }] });
      expect(stored()).toBe(4);
    } finally {
      database.close();
    }
  });

  it("answers 400 naming a part it does not take, and stores nothing, over REST and MCP", async () => {
    const form = new FormData();
    form.append("file", new Blob(["deck"]), "deck.txt");
    form.append("note_uuid", "6f1c2b9e-4c1f-4d0a-9b7e-2f3a4b5c6d7e");
    const response = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": acme.key }, body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "form: unknown field 'note_uuid'; accepted here: file" });
    const file = { filename: "deck.txt", content_base64: Buffer.from("deck").toString("base64") };
    const tool = await callMcpTool(context, { name: "uploadFile", args: { body: { file, note_uuid: "6f1c2b9e-4c1f-4d0a-9b7e-2f3a4b5c6d7e" } }, headers: { "x-api-key": acme.key } });
    expect(tool).toMatchObject({ isError: true, content: [{ text: "HTTP 400: form: unknown field 'note_uuid'; accepted here: file" }] });
    const database = new SqliteDatabase(context.databasePath, { readonly: true });
    expect(database.prepare("select count(*) from files").pluck().get()).toBe(0);
    database.close();
  });

  it("counts linked files on opportunities and deletes a file with its links; uploader or administrator only", async () => {
    const pipeline = await buildPipeline(context.services, acme);
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const file = (await upload("deck", { key: acme.memberKey })).body;
    const link = await call(`/v1/opportunities/${deal.uuid}/associations`, { method: "POST", body: { entity_type: "FILE", entity_uuid: file.uuid } });
    expect(link.status).toBe(201);
    expect((await call(`/v1/opportunities/${deal.uuid}`)).body.notes_and_files_count).toBe(1);

    const zoe = await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Zoe", email: "zoe@acme.example", role: "member" });
    const denied = await call(`/v1/files/${file.uuid}`, { key: acme.key, userUuid: zoe.uuid, method: "DELETE" });
    expect(denied.status).toBe(403);
    expect((await call(`/v1/files/${file.uuid}`, { key: acme.memberKey, method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/files/${file.uuid}`)).status).toBe(404);
    expect((await context.request(`/v1/files/${file.uuid}/content`, { key: acme.key })).status).toBe(404);
    expect((await call(`/v1/opportunities/${deal.uuid}`)).body.notes_and_files_count).toBe(0);
    const byAdmin = (await upload("other", { key: acme.memberKey })).body;
    expect((await call(`/v1/files/${byAdmin.uuid}`, { key: acme.adminKey, method: "DELETE" })).status).toBe(204);
  });

  it("never serves another tenant's file", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = (await upload("their secret", { key: other.key })).body;
    expect((await call(`/v1/files/${theirs.uuid}`)).status).toBe(404);
    const download = await context.request(`/v1/files/${theirs.uuid}/content`, { key: acme.key });
    expect(download.status).toBe(404);
    expect(await download.text()).not.toContain("their secret");
    expect((await call(`/v1/files/${theirs.uuid}`, { method: "DELETE" })).status).toBe(404);
  });
});
