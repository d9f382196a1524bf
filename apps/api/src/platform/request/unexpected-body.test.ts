/** A body sent to an operation that takes none, over a real port: refused with a 400 before anything is done. */
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext } from "../../testing/test-harness.js";

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close(100);
  running = null;
});

/** Sends `request` as written and resolves with the status and the JSON body of the answer. */
function send(port: number, request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("close", () => {
      const bodyText = received.slice(received.indexOf("\r\n\r\n") + 4);
      resolve({ status: Number(received.slice(9, 12)), body: bodyText === "" ? null : JSON.parse(bodyText) });
    });
    socket.on("error", reject);
  });
}

/**
 * Sends `request` on a connection left open, resolving with what came back once the server closes it; fails when it is
 * still open after `withinMilliseconds`.
 */
function sendKeptAlive(port: number, request: string, withinMilliseconds: number): Promise<{ received: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was still open after ${withinMilliseconds} ms; received: ${received.slice(0, 200)}`));
    }, withinMilliseconds);
    socket.on("data", (chunk) => (received += chunk.toString()));
    // The server may close while the body is still being sent: a reset then ends the connection as well.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ received });
    });
  });
}

const noBody = (method: string, path: string) => ({
  error: `${method} ${path} takes no request body: send its parameters in the path and the query string, or leave the body out`,
});

describe("a body sent to an operation that takes none", () => {
  it("is a 400 on a GET, by Content-Length or chunked, and on a GET whose answer is kept; an empty one is no body", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    const grace = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper" });
    await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Ada Lovelace" });
    running = await startServer(context.services, { port: 0 });
    const { port } = running;
    const get = (path: string, extra: string, body: string) =>
      send(port, `GET ${path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\nContent-Type: application/json\r\n${extra}Connection: close\r\n\r\n${body}`);
    const filter = JSON.stringify({ name: "Grace" });
    // Filters sent in a body were ignored: the whole list came back as a success.
    expect(await get("/v1/persons", `Content-Length: ${filter.length}\r\n`, filter)).toEqual({ status: 400, body: noBody("GET", "/v1/persons") });
    const chunked = `${filter.length.toString(16)}\r\n${filter}\r\n0\r\n\r\n`;
    expect(await get("/v1/persons", "Transfer-Encoding: chunked\r\n", chunked)).toEqual({ status: 400, body: noBody("GET", "/v1/persons") });
    // A kept answer (the second plain GET is served from the response cache) is not served to a GET with a body.
    const path = `/v1/persons/${grace.uuid}`;
    for (let time = 0; time < 2; time++) expect((await get(path, "Content-Length: 0\r\n", "")).status).toBe(200);
    expect(await get(path, `Content-Length: ${filter.length}\r\n`, filter)).toEqual({ status: 400, body: noBody("GET", "/v1/persons/{person_uuid}") });
    expect(await get(path, "Transfer-Encoding: chunked\r\n", "0\r\n\r\n")).toMatchObject({ status: 200, body: { name: "Grace Hopper" } });
  });

  it("closes a kept-alive connection after refusing a GET's or a HEAD's body it left unread, not leaving it hung", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    running = await startServer(context.services, { port: 0 });
    const { port } = running;
    const next = `GET /v1/persons HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\n\r\n`;
    const large = "x".repeat(200_000);
    const heads = [
      `GET /v1/persons HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\nContent-Length: ${large.length}\r\n\r\n${large}`,
      `HEAD /v1/persons HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\nContent-Length: ${large.length}\r\n\r\n${large}`,
      // A chunked body of which one byte has come: its end may never come.
      `GET /v1/persons HTTP/1.1\r\nHost: x\r\nx-api-key: ${acme.key}\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n`,
    ];
    for (const request of heads) {
      // Until 2026-12-06 the 400 said keep-alive, the request after it was never answered and the connection stayed open.
      const { received } = await sendKeptAlive(port, request + next, 5_000);
      expect(received).toMatch(/^HTTP\/1\.1 400 [^]*\r\nConnection: close\r\n/i);
      expect(received.match(/HTTP\/1\.1 \d{3}/g)).toEqual(["HTTP/1.1 400"]);
    }
  });

  it("is a 400 on a DELETE, which deletes nothing; Content-Length: 0 deletes", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    running = await startServer(context.services, { port: 0 });
    const headers = { "x-api-key": acme.key, "content-type": "application/json" };
    const created = await fetch(`${running.url}/v1/notes`, { method: "POST", headers, body: JSON.stringify({ content: "Kept" }) });
    const { uuid } = (await created.json()) as { uuid: string };
    const refused = await fetch(`${running.url}/v1/notes/${uuid}`, { method: "DELETE", headers, body: JSON.stringify({ uuids: [uuid] }) });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(noBody("DELETE", "/v1/notes/{note_uuid}"));
    expect((await fetch(`${running.url}/v1/notes/${uuid}`, { headers })).status).toBe(200);
    const deleted = await fetch(`${running.url}/v1/notes/${uuid}`, { method: "DELETE", headers, body: "" });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${running.url}/v1/notes/${uuid}`, { headers })).status).toBe(404);
  });

  it("is read from a POST that takes one as before", async () => {
    const context = await createTestContext();
    const acme = await buildTenant(context.services);
    const response = await context.request("/v1/notes", { key: acme.key, method: "POST", body: { content: "A body" } });
    expect(response.status).toBe(201);
  });
});
