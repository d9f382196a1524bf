/**
 * A client that closes its connection while sending a request's body, over a real port: nothing is written, and the
 * server logs the request as a 400 whose client left, not as a 500 and an "unhandled error" of its own.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  server = await startServer(context.services, { port: 0 });
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

describe("a request body cut off by the client", () => {
  it("writes nothing and is logged as a 400 whose client left, with no error logged", async () => {
    const requestLines: Array<Record<string, unknown>> = [];
    const errors: unknown[] = [];
    const { logger } = context.services;
    vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true);
    vi.spyOn(logger, "info").mockImplementation(((fields: Record<string, unknown>, message?: string) => {
      if (message === "request") requestLines.push(fields);
    }) as never);
    vi.spyOn(logger, "error").mockImplementation(((...args: unknown[]) => void errors.push(args)) as never);
    try {
      const body = JSON.stringify({ name: "Cut Off", emails: ["cut.off@northwind.example"] });
      const { port } = new URL(server.url);
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write(
        `POST /v1/persons HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${acme.key}\r\nx-request-id: cut-off-1\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
      );
      // The server has the head and the first bytes, and waits for the rest.
      await vi.waitFor(() => expect(socket.bytesWritten).toBeGreaterThan(20), { timeout: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await vi.waitFor(() => expect(requestLines.map((line) => line.requestId)).toContain("cut-off-1"), { timeout: 30_000 });
      expect(requestLines.find((line) => line.requestId === "cut-off-1")).toMatchObject({ method: "POST", path: "/v1/persons", status: 400, clientLeft: true });
      expect(errors).toEqual([]);
    } finally {
      vi.restoreAllMocks();
    }
    const stored = await context.request("/v1/persons?per_page=50", { key: acme.key });
    expect(((await stored.json()) as { items: Array<{ name: string }> }).items.map((person) => person.name)).not.toContain("Cut Off");
  });
});
