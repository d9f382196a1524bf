/** A JSON body's declared charset, over the app: UTF-8 is read, another one only for ASCII bytes, where it reads the same text. */
import { connect } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

/** POSTs `bytes` as a person to create, sent as `contentType`. */
const createPerson = async (bytes: Uint8Array, contentType: string) => {
  const response = await context.app.request("/v1/persons", { method: "POST", headers: { "x-api-key": acme.key, "content-type": contentType }, body: bytes });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};
const names = async () => ((await context.json("/v1/persons?per_page=50", { key: acme.key })).body?.items ?? []).map((person: { name: string }) => person.name);
const declaredAs = (charset: string) =>
  `request body is declared as charset=${charset}, but JSON is read as UTF-8 only (RFC 8259): send it as UTF-8, with charset=utf-8 or no charset`;

describe("a JSON body's charset", () => {
  it("refuses a charset other than UTF-8 with a 415 once a byte is beyond ASCII, and writes nothing", async () => {
    const before = await names();
    // Latin-1 bytes that happen to be UTF-8 too: `Ã©` meant, `é` stored until 2026-12-06.
    const mojibake = Buffer.from(JSON.stringify({ name: "RenÃ©e Ã©clair" }), "latin1");
    expect(await createPerson(mojibake, "application/json; charset=latin1")).toEqual({ status: 415, body: { error: declaredAs("latin1") } });
    // Latin-1 bytes that are not UTF-8: the 400 said only "not UTF-8 text".
    const latin1 = Buffer.from(JSON.stringify({ name: "José" }), "latin1");
    expect(await createPerson(latin1, 'application/json; Charset="ISO-8859-1"')).toEqual({ status: 415, body: { error: declaredAs("iso-8859-1") } });
    // UTF-16 shares no bytes with UTF-8, ASCII text included.
    const utf16 = Buffer.from(JSON.stringify({ name: "Ada" }), "utf16le");
    expect(await createPerson(utf16, "application/json;charset=utf-16le")).toEqual({ status: 415, body: { error: declaredAs("utf-16le") } });
    expect(await names()).toEqual(before);
  });

  it("reads ASCII bytes under any charset, and UTF-8 under utf-8 or none", async () => {
    const before = await names();
    expect((await createPerson(Buffer.from('{"name":"Ada"}'), "application/json; charset=windows-1252")).status).toBe(201);
    expect((await createPerson(Buffer.from('{"name":"Ren\\u00e9e"}'), "application/json; charset=latin1")).status).toBe(201);
    expect((await createPerson(Buffer.from(JSON.stringify({ name: "José" })), "application/json; charset=UTF-8")).status).toBe(201);
    expect((await createPerson(Buffer.from(JSON.stringify({ name: "Zoë" })), "application/json")).status).toBe(201);
    expect((await names()).filter((name: string) => !before.includes(name)).sort()).toEqual(["Ada", "José", "Renée", "Zoë"]);
  });

  it("answers a chunked body's 415 as soon as its byte beyond ASCII arrives, over a real port, not after the body's end", async () => {
    const before = await names();
    const running = await startServer(context.services, { port: 0 });
    const socket = connect(running.port, "127.0.0.1");
    try {
      await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      socket.on("error", () => undefined);
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      const chunk = Buffer.from('{"name":"Jos\xe9', "latin1");
      socket.write(`POST /v1/persons HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\ncontent-type: application/json; charset=latin1\r\nTransfer-Encoding: chunked\r\n\r\n`);
      // One chunk holding the é, and the body left open: until 2026-12-06 the 415 waited for its last chunk.
      socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]));
      const answered = () => received.includes("\r\n\r\n") && received.trimEnd().endsWith("}");
      while (!answered()) await Promise.race([new Promise((resolve) => socket.once("data", resolve)), closed]);
      expect(received).toMatch(/^HTTP\/1\.1 415 /);
      expect(JSON.parse(received.slice(received.indexOf("\r\n\r\n") + 4))).toEqual({ error: declaredAs("latin1") });
      // The rest of the body is not read as a request: the connection is closed.
      await closed;
      expect(received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 415"]);
      expect(await names()).toEqual(before);
    } finally {
      socket.destroy();
      await running.close(100);
    }
  }, 20_000);
});
