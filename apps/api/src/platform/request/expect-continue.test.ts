/** `Expect: 100-continue` over a real port: a request refused on its head is answered before its body is sent. */
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext } from "../../testing/test-harness.js";

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close(100);
  running = null;
});

/**
 * Sends `head` and, only once `100 Continue` arrives, `body`, as a client honouring the expectation does; resolves
 * with everything received when the server closes the connection.
 */
function sendExpectingContinue(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let received = "";
    let sent = false;
    socket.on("data", (chunk) => {
      received += chunk.toString();
      if (!sent && received.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) {
        sent = true;
        socket.write(body);
      }
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("Expect: 100-continue", () => {
  it("answers a request refused on its head (401, 413 by its length, 415) without 100 Continue, then closes", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    running = await startServer(context.services, { port: 0 });
    const { port } = running;
    const post = (headers: string) => sendExpectingContinue(port, `POST /v1/notes HTTP/1.1\r\nHost: x\r\n${headers}Expect: 100-continue\r\n\r\n`, "{}");
    const refusals = {
      401: await post("content-type: application/json\r\ncontent-length: 2\r\n"),
      413: await post(`x-api-key: ${acme.key}\r\ncontent-type: application/json\r\ncontent-length: 5000000\r\n`),
      415: await post(`x-api-key: ${acme.key}\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n`),
    };
    for (const [status, raw] of Object.entries(refusals)) {
      // Node sent the 100 first, and the client its whole body for nothing.
      expect(raw, status).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(raw).toMatch(/\r\nconnection: close\r\n/i);
    }
  });

  it("sends 100 Continue once the body is read, and serves the request", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    running = await startServer(context.services, { port: 0 });
    const body = JSON.stringify({ content: "Sent after the 100" });
    const head = `POST /v1/notes HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`;
    const raw = await sendExpectingContinue(running.port, head, body);
    expect(raw).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
    expect(JSON.parse(raw.slice(raw.lastIndexOf("\r\n\r\n") + 4))).toMatchObject({ content: "Sent after the 100" });
  });

  it("answers another expectation with a JSON 417 naming it (Node's was empty), and closes", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    running = await startServer(context.services, { port: 0 });
    const head = `POST /v1/notes HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\ncontent-type: application/json\r\ncontent-length: 2\r\nExpect: 200-ok\r\n\r\n`;
    const raw = await sendExpectingContinue(running.port, head, "{}");
    expect(raw).toMatch(/^HTTP\/1\.1 417 Expectation Failed\r\n/);
    expect(raw).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      error: "Expect: 200-ok is not supported: the server meets only Expect: 100-continue; leave the header out",
    });
  });
});
