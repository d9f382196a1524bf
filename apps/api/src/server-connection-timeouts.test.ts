/** The server's connection time limits over a real port: keep-alive, a request's headers. */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server.js";
import { createTestContext } from "./testing/test-harness.js";

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close(100);
  running = null;
});

/** A raw connection to `port`, with what it has received so far and a promise of its close. */
async function openConnection(port: number) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const connection = { socket, received: "", closed: new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now()))) };
  socket.on("data", (chunk: Buffer) => (connection.received += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  return connection;
}

/** Sends a GET of `/health` on `connection` and resolves with the whole answer's text. */
async function getHealth(connection: Awaited<ReturnType<typeof openConnection>>): Promise<string> {
  const start = connection.received.length;
  connection.socket.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  for (;;) {
    const answer = connection.received.slice(start);
    const headEnd = answer.indexOf("\r\n\r\n");
    const length = /\r\ncontent-length: (\d+)\r\n/i.exec(answer)?.[1];
    if (headEnd >= 0 && length !== undefined && answer.length >= headEnd + 4 + Number(length)) return answer;
    const arrived = await Promise.race([new Promise((resolve) => connection.socket.once("data", () => resolve(true))), connection.closed.then(() => false)]);
    if (!arrived) throw new Error(`the connection closed before the answer was whole: ${JSON.stringify(answer)}`);
  }
}

describe("the server's connections", () => {
  it("keeps an idle kept-alive connection open past Node's default 5 s, and says for how long (65 s)", async () => {
    const context = await createTestContext();
    running = await startServer(context.services, { port: 0 });
    const connection = await openConnection(running.port);
    const first = await getHealth(connection);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await getHealth(connection)).toMatch(/^HTTP\/1\.1 200 /);
    expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
    connection.socket.destroy();
  }, 15_000);

  it("closes a kept-alive connection once idle for the configured keep-alive", async () => {
    const context = await createTestContext();
    running = await startServer(context.services, { port: 0, connectionTimeouts: { keepAliveMilliseconds: 1_000 } });
    const connection = await openConnection(running.port);
    // The idle time starts as the server ends its answer: after the request was sent, before the answer is read here
    // (measured from its reading, a loaded machine's delay in between could make it look short).
    const sent = performance.now();
    expect(await getHealth(connection)).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
    const answered = performance.now();
    const closed = await connection.closed;
    expect(closed - sent).toBeGreaterThanOrEqual(900);
    expect(closed - answered).toBeLessThan(4_500);
  }, 15_000);

  it("answers a client whose headers are not all there within the headers limit with a 408 in JSON, and closes its connection", async () => {
    const context = await createTestContext();
    running = await startServer(context.services, { port: 0, connectionTimeouts: { headersMilliseconds: 500 } });
    const connection = await openConnection(running.port);
    const sent = performance.now();
    connection.socket.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const closed = await connection.closed;
    expect(closed - sent).toBeGreaterThanOrEqual(450);
    // Checked a quarter of the limit apart (Node's default is every 30 s), so cut well within a second late.
    expect(closed - sent).toBeLessThan(4_000);
    expect(connection.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(connection.received).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(connection.received.slice(connection.received.indexOf("\r\n\r\n") + 4))).toEqual({ error: "request did not arrive in time" });
  }, 15_000);
});
