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
  const connection = { socket, received: "", closed: new Promise<void>((resolve) => socket.once("close", () => resolve())) };
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

// No wall-time bound here (speed belongs to bench/): what the server applies is read from it and from what it tells
// the client, and a limit's effect is seen by the connection's close, however long a loaded machine takes to it.
describe("the server's connections", () => {
  it("keeps an idle kept-alive connection 65 s, past Node's default 5 s, and says so to the client", async () => {
    const context = await createTestContext();
    running = await startServer(context.services, { port: 0 });
    expect(running.connectionLimits()).toEqual({ keepAliveMilliseconds: 65_000, headersMilliseconds: 66_000, requestMilliseconds: 300_000, checkingIntervalMilliseconds: 16_500 });
    const connection = await openConnection(running.port);
    const first = await getHealth(connection);
    // Node's header and its idle timer both come from the server's keepAliveTimeout.
    expect(first).toMatch(/\r\nConnection: keep-alive\r\n/i);
    expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
    expect(await getHealth(connection)).toMatch(/^HTTP\/1\.1 200 /);
    connection.socket.destroy();
  });

  it("closes a kept-alive connection once idle for the configured keep-alive", async () => {
    const context = await createTestContext();
    running = await startServer(context.services, { port: 0, connectionTimeouts: { keepAliveMilliseconds: 1_000 } });
    expect(running.connectionLimits()).toMatchObject({ keepAliveMilliseconds: 1_000, headersMilliseconds: 2_000 });
    const connection = await openConnection(running.port);
    const answer = await getHealth(connection);
    // Kept alive after the answer (not closed with it), then closed by the server with nothing more sent.
    expect(answer).toMatch(/\r\nConnection: keep-alive\r\n/i);
    expect(answer).toMatch(/\r\nKeep-Alive: timeout=1\r\n/i);
    await connection.closed;
    expect(connection.received).toBe(answer);
  });

  it("answers a client whose headers are not all there within the headers limit with a 408 in JSON, and closes its connection", async () => {
    const context = await createTestContext();
    running = await startServer(context.services, { port: 0, connectionTimeouts: { headersMilliseconds: 500 } });
    // Checked a quarter of the limit apart (Node's default is every 30 s: a client cut up to 30 s late).
    expect(running.connectionLimits()).toMatchObject({ headersMilliseconds: 500, checkingIntervalMilliseconds: 125 });
    const connection = await openConnection(running.port);
    connection.socket.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await connection.closed;
    expect(connection.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(connection.received).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(connection.received.slice(connection.received.indexOf("\r\n\r\n") + 4))).toEqual({ error: "request did not arrive in time" });
  });
});
