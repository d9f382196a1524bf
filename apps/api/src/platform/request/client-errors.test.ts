/** What Node's HTTP parser refuses is answered with a JSON error that says what to fix, over a real socket. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendRawRequest } from "../../testing/raw-request.js";
import { answerClientErrors } from "./client-errors.js";

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Sends `request` as raw bytes to a server answering its client errors; the whole answer once it closes. */
async function sendRaw(request: Buffer): Promise<string> {
  server = createServer((_request, response) => response.end("served"));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return sendRawRequest((server.address() as AddressInfo).port, request);
}

describe("answerClientErrors", () => {
  it("says a URL holding a raw letter outside ASCII (curl's ?name=josé) must percent-encode it", async () => {
    const raw = await sendRaw(Buffer.from("GET /v1/persons?name=José HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "utf8"));
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(raw).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      error:
        "the request's URL holds a character a URL must percent-encode (a letter outside ASCII such as é, a control character): " +
        "send it as UTF-8 escapes (é is %C3%A9; curl -G --data-urlencode 'name=josé' encodes a query value)",
    });
  });

  it("keeps the plain message for bytes that are not HTTP at all", async () => {
    const raw = await sendRaw(Buffer.from("NOT HTTP AT ALL\r\n\r\n"));
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({ error: "request is not valid HTTP/1.1" });
  });
});
