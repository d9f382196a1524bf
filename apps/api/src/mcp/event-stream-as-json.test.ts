import { describe, expect, it } from "vitest";
import { asJsonAnswer, eventStreamResponses } from "./event-stream-as-json.js";

const response = (id: number) => ({ jsonrpc: "2.0", id, result: { ok: id } });

describe("eventStreamResponses", () => {
  it("reads each message event's data, lines joined, and keeps the responses only", () => {
    const notification = { jsonrpc: "2.0", method: "notifications/progress", params: {} };
    const stream = [
      ": keepalive",
      "",
      `event: message\ndata: ${JSON.stringify(notification)}`,
      "",
      `event: message\ndata: {"jsonrpc":"2.0",\ndata: "id":1,"result":{"ok":1}}`,
      "",
      `data:${JSON.stringify(response(2))}`,
      "",
      `event: other\ndata: ${JSON.stringify(response(3))}`,
      "",
      "",
    ].join("\r\n");
    expect(eventStreamResponses(stream)).toEqual([response(1), response(2)]);
  });
});

describe("asJsonAnswer", () => {
  const stream = (text: string) => new Response(text, { status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", "x-request-id": "r1" } });

  it("answers the one response as JSON, or a batch's as a list, keeping the other headers", async () => {
    const one = await asJsonAnswer(stream(`event: message\ndata: ${JSON.stringify(response(1))}\n\n`), false);
    expect(one.headers.get("content-type")).toBe("application/json");
    expect(one.headers.get("cache-control")).toBeNull();
    expect(one.headers.get("x-request-id")).toBe("r1");
    expect(await one.json()).toEqual(response(1));
    const batch = await asJsonAnswer(stream(`event: message\ndata: ${JSON.stringify(response(1))}\n\nevent: message\ndata: ${JSON.stringify(response(2))}\n\n`), true);
    expect(await batch.json()).toEqual([response(1), response(2)]);
  });

  it("answers a stream cut before its response with a JSON-RPC internal error", async () => {
    const cut = await asJsonAnswer(stream(": keepalive\n\n"), false);
    expect(cut.status).toBe(500);
    expect(await cut.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal error: the answer ended before its response" } });
  });
});
