import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isClosedSocketError, waitUntilReady } from "./http-client.js";

const fetchFailure = (code: string) => Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error(code), { code }) });

describe("isClosedSocketError", () => {
  it("takes a socket the server closed, found on reading or on writing, for a retry", () => {
    for (const code of ["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]) expect(isClosedSocketError(fetchFailure(code))).toBe(true);
  });

  it("leaves a refused connection, and errors that are not fetch failures, to the caller", () => {
    expect(isClosedSocketError(fetchFailure("ECONNREFUSED"))).toBe(false);
    expect(isClosedSocketError(Object.assign(new Error("fetch failed"), { cause: { code: "EPIPE" } }))).toBe(false);
    expect(isClosedSocketError(new TypeError("fetch failed"))).toBe(false);
  });
});

describe("waitUntilReady", () => {
  /** A server whose /ready answers 503 `notReadyFor` times, then 200; counts the asks. */
  async function readyAfter(notReadyFor: number) {
    let asked = 0;
    const server = createServer((request, response) => {
      asked += request.url === "/ready" ? 1 : 0;
      response.writeHead(asked > notReadyFor ? 200 : 503, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, asked: () => asked, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("asks until the server answers 200", async () => {
    const server = await readyAfter(3);
    try {
      await waitUntilReady(server.url, { pollMs: 5 });
      expect(server.asked()).toBe(4);
    } finally {
      await server.close();
    }
  });

  it("gives up after its timeout, saying what the server last answered", async () => {
    const server = await readyAfter(Number.POSITIVE_INFINITY);
    try {
      await expect(waitUntilReady(server.url, { timeoutMs: 30, pollMs: 5 })).rejects.toThrow(/was not ready after 0 s \(last answer 503\)/);
    } finally {
      await server.close();
    }
  });
});
