/**
 * A streamed list through the real app: the bytes are the document the parts make, a failure in the
 * first part still gets its error status, and a failure after the first bytes cuts the connection (over a
 * real port) instead of ending a 200 with a short, well-formed answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { defineOperation } from "./operation.js";
import { SerializedItem, streamedList, streamedListBody } from "./streamed-list.js";

async function* partsOf(parts: unknown[][], failAt?: number) {
  for (const [index, part] of parts.entries()) {
    if (index === failAt) throw new Error(`part ${index} failed`);
    yield part;
  }
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("streamedListBody", () => {
  it("writes the parts as one JSON document, in order, skipping empty parts", async () => {
    const parts = [[{ a: 1 }, { a: "two" }], [], [{ a: null }], [[1, 2]]];
    const text = await textOf(await streamedListBody(streamedList("results", partsOf(parts))));
    expect(JSON.parse(text)).toEqual({ results: [{ a: 1 }, { a: "two" }, { a: null }, [1, 2]] });
    expect(text).toBe(JSON.stringify({ results: parts.flat() }));
  });

  it("encodes names beyond ASCII as UTF-8, and separates items after an empty first part", async () => {
    const parts = [[], [{ name: "Ørsted – 東京 😀" }, { name: 'quote " and \\ backslash' }], [{ b: 2 }]];
    const stream = await streamedListBody(streamedList("results", partsOf(parts)));
    const bytes = Buffer.from(await new Response(stream).arrayBuffer());
    expect(bytes.equals(Buffer.from(JSON.stringify({ results: parts.flat() }), "utf8"))).toBe(true);
  });

  it("writes serialized items as their bytes, among items it serializes, and checks them parsed", async () => {
    // Spacing JSON.stringify would not write: the bytes are sent as they are, not parsed and written again.
    const kept = new SerializedItem(Buffer.from('{"name": "Ørsted",  "kept": true}'));
    const checked: unknown[] = [];
    const stream = await streamedListBody(streamedList("results", partsOf([[kept, { a: 1 }], [kept]])), { check: (item) => checked.push(item) });
    expect(await textOf(stream)).toBe('{"results":[{"name": "Ørsted",  "kept": true},{"a":1},{"name": "Ørsted",  "kept": true}]}');
    expect(checked).toEqual([{ name: "Ørsted", kept: true }, { a: 1 }, { name: "Ørsted", kept: true }]);
  });

  it("writes serialized items given as JSON text as their UTF-8 bytes, beside items given as bytes", async () => {
    const asText = new SerializedItem('{"name": "Ørsted – 東京 😀"}');
    const asBytes = new SerializedItem(Buffer.from('{"b": 2}'));
    const checked: unknown[] = [];
    const stream = await streamedListBody(streamedList("results", partsOf([[asText, asBytes], [{ c: "é" }, asText]])), { check: (item) => checked.push(item) });
    const bytes = Buffer.from(await new Response(stream).arrayBuffer());
    expect(bytes.equals(Buffer.from('{"results":[{"name": "Ørsted – 東京 😀"},{"b": 2},{"c":"é"},{"name": "Ørsted – 東京 😀"}]}', "utf8"))).toBe(true);
    expect(checked).toEqual([{ name: "Ørsted – 東京 😀" }, { b: 2 }, { c: "é" }, { name: "Ørsted – 東京 😀" }]);
  });

  it("writes an empty list when there is no part or only empty ones", async () => {
    expect(await textOf(await streamedListBody(streamedList("items", partsOf([]))))).toBe('{"items":[]}');
    expect(await textOf(await streamedListBody(streamedList("items", partsOf([[], []]))))).toBe('{"items":[]}');
  });

  it("fails before any byte when the first part fails", async () => {
    await expect(streamedListBody(streamedList("results", partsOf([[1]], 0)))).rejects.toThrow("part 0 failed");
  });

  it("closes the parts when the first one cannot be written", async () => {
    let closed = false;
    async function* parts() {
      try {
        yield [{ not: "a number" }];
        yield [2];
      } finally {
        closed = true;
      }
    }
    const check = (item: unknown) => {
      if (typeof item !== "number") throw new Error("not a number");
    };
    await expect(streamedListBody(streamedList("results", parts()), { check })).rejects.toThrow("not a number");
    expect(closed).toBe(true);
  });

  it("errors the stream and reports once when a later part fails", async () => {
    const errors: unknown[] = [];
    const body = await streamedListBody(streamedList("results", partsOf([[1], [2], [3]], 2)), { onError: (error) => errors.push(error) });
    await expect(textOf(body)).rejects.toThrow("part 2 failed");
    expect(errors).toHaveLength(1);
  });

  it("cuts the connection instead of erroring the stream when it can, and writes nothing after", async () => {
    const errors: unknown[] = [];
    let cuts = 0;
    let closed = false;
    async function* parts() {
      try {
        yield [1];
        yield [2];
        throw new Error("part 2 failed");
      } finally {
        closed = true;
      }
    }
    const body = await streamedListBody(streamedList("results", parts()), { onError: (error) => errors.push(error), cutConnection: () => (cuts += 1) });
    const reader = body.getReader();
    const written: string[] = [];
    for (let chunk = 0; chunk < 2; chunk += 1) written.push(Buffer.from((await reader.read()).value!).toString());
    expect(written.join("")).toBe('{"results":[1,2');
    // The next read waits on a stream that neither ends nor errors: the closed socket is what ends it.
    let settled = false;
    const next = reader.read().then(
      () => (settled = true),
      () => (settled = true),
    );
    await expect.poll(() => cuts, { timeout: 30_000 }).toBe(1);
    expect(errors).toEqual([expect.objectContaining({ message: "part 2 failed" })]);
    expect(closed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    await reader.cancel();
    await next;
    expect(cuts).toBe(1);
  });

  it("checks every item before writing it", async () => {
    const check = (item: unknown) => {
      if (typeof item !== "number") throw new Error(`not a number: ${JSON.stringify(item)}`);
    };
    await expect(streamedListBody(streamedList("results", partsOf([[1, "x"]])), { check })).rejects.toThrow("not a number");
    const body = await streamedListBody(streamedList("results", partsOf([[1], [2, "y"]])), { check });
    await expect(textOf(body)).rejects.toThrow("not a number");
  });
});

const streamed = defineOperation({
  operationId: "testStreamed",
  method: "post",
  path: "/v1/test/streamed",
  area: "Test",
  summary: "Streamed list",
  description: "Streams `parts` parts of three numbers, failing at part `fail_at` (test only).",
  body: z.object({ parts: z.number().int(), fail_at: z.number().int().optional(), wrong_at: z.number().int().optional() }),
  response: z.object({ results: z.array(z.object({ n: z.number() })) }),
  async handler({ body }) {
    const parts = Array.from({ length: body.parts }, (_, part) =>
      [0, 1, 2].map((offset) => (part === body.wrong_at ? { n: String(part * 3 + offset) } : { n: part * 3 + offset })),
    );
    return streamedList("results", partsOf(parts, body.fail_at)) as never;
  },
});

/** What the slow operation below has produced, and whether its parts were closed. */
const slow = { produced: 0, closed: false };

const slowStream = defineOperation({
  operationId: "testSlowStream",
  method: "get",
  path: "/v1/test/slow-stream",
  area: "Test",
  summary: "Slow streamed list",
  description: "Streams 200 parts, one every 5 ms (test only).",
  response: z.object({ results: z.array(z.number()) }),
  async handler() {
    async function* parts() {
      try {
        for (let part = 0; part < 200; part += 1) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          slow.produced += 1;
          yield [part];
        }
      } finally {
        slow.closed = true;
      }
    }
    return streamedList("results", parts()) as never;
  },
});

describe("a streamed operation over a real port", () => {
  let context: TestContext;
  let acme: TestTenant;
  let server: RunningServer;

  beforeAll(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
    server = await startServer(context.services, { port: 0, operations: [streamed, slowStream], validateResponses: true });
  });
  afterAll(async () => {
    await server.close(100);
    await context.close();
  });

  const post = (body: unknown) =>
    fetch(`${server.url}/v1/test/streamed`, { method: "POST", headers: { "x-api-key": acme.key, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("answers 200 with the whole list, JSON typed, with the rate limit headers", async () => {
    const response = await post({ parts: 40 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    expect(response.headers.get("x-ratelimit-limit")).not.toBeNull();
    const body = (await response.json()) as { results: { n: number }[] };
    expect(body.results.map((item) => item.n)).toEqual(Array.from({ length: 120 }, (_, n) => n));
  });

  it("answers the error envelope with its status when the first part fails", async () => {
    const failed = await post({ parts: 3, fail_at: 0 });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: expect.stringContaining("internal error") });
    const wrong = await post({ parts: 3, wrong_at: 0 });
    expect(wrong.status).toBe(500);
    expect(await wrong.json()).toMatchObject({ error: expect.stringContaining("does not match its schema") });
  });

  it("cuts the connection when a later part fails, so that no client takes the answer for whole", async () => {
    const logged = vi.spyOn(context.services.logger, "error");
    // The Node adapter prints a stream that errors to stderr; a cut connection is reported by our logger alone.
    const printed = vi.spyOn(console, "error");
    const failures = [{ fail_at: 1 }, { fail_at: 2 }, { wrong_at: 1 }, { wrong_at: 2 }];
    for (const failure of failures) {
      const response = await post({ parts: 3, ...failure });
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    }
    // The server goes on answering.
    expect((await post({ parts: 1 })).status).toBe(200);
    expect(logged).toHaveBeenCalledTimes(failures.length);
    expect(printed).not.toHaveBeenCalled();
    logged.mockRestore();
    printed.mockRestore();
  });

  it("stops producing parts when the client goes away, and reports no failure", async () => {
    const logged = vi.spyOn(context.services.logger, "error");
    const abort = new AbortController();
    const response = await fetch(`${server.url}/v1/test/slow-stream`, { headers: { "x-api-key": acme.key }, signal: abort.signal });
    const reader = response.body!.getReader();
    await reader.read();
    abort.abort();
    await expect.poll(() => slow.closed, { timeout: 30_000 }).toBe(true);
    const producedAtClose = slow.produced;
    expect(producedAtClose).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(slow.produced).toBe(producedAtClose);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});
