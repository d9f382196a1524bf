import SqliteDatabase from "better-sqlite3";
import { pino } from "pino";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app.js";
import { defineOperation } from "../../operations/operation.js";
import { operations } from "../../routes/operations.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { MAX_BODY_BYTES } from "../request/json-body.js";
import { createStorageFaults } from "./storage-faults.js";

const echoNote = defineOperation({
  operationId: "testEchoNote",
  method: "post",
  path: "/v1/test/echo",
  area: "Test",
  summary: "Echo",
  description: "Echoes a note.",
  body: z.object({ note: z.string().max(10) }),
  response: z.object({ note: z.string() }),
  successStatus: 201,
  async handler({ body }) {
    return { note: body.note };
  },
});

const explode = defineOperation({
  operationId: "testExplode",
  method: "get",
  path: "/v1/test/explode",
  area: "Test",
  summary: "Fails",
  description: "Throws an unexpected error.",
  async handler() {
    throw new Error("secret internals at /srv/app.js:42");
  },
});

let context: TestContext;
let acme: TestTenant;
let app: ReturnType<typeof createApp>;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  app = createApp(context.services, { operations: [...operations, echoNote, explode] });
});
afterAll(() => context.close());

const post = (body: string | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  app.request("/v1/test/echo", { method: "POST", headers: { "x-api-key": acme.key, ...headers }, body });

async function errorOf(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(typeof body.error).toBe("string");
  return body.error as string;
}

describe("error envelope", () => {
  it("accepts a good JSON body", async () => {
    const response = await post(JSON.stringify({ note: "hello" }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ note: "hello" });
  });

  it("answers 404 JSON for an unknown route, with and without /v1", async () => {
    const unknownV1 = await app.request("/v1/nothing-here", { headers: { "x-api-key": acme.key } });
    expect(unknownV1.status).toBe(404);
    expect(await errorOf(unknownV1)).toMatch(/no route for GET \/v1\/nothing-here/);
    const unknown = await app.request("/nowhere");
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toMatch(/no route/);
  });

  it("answers 404 for a path with a slash too many, naming the path meant", async () => {
    for (const [path, meant] of [["/v1/test/echo/", "/v1/test/echo"], ["/v1//test/echo", "/v1/test/echo"], ["//health", "/health"]] as const) {
      const response = await app.request(path, { method: "POST", headers: { "x-api-key": acme.key, "content-type": "application/json" }, body: '{"note":"hi"}' });
      expect(response.status, path).toBe(404);
      expect(await errorOf(response)).toBe(`no route for POST ${path}; did you mean ${meant}?`);
    }
    expect(await errorOf(await app.request("/v1/nothing-here/", { headers: { "x-api-key": acme.key } }))).toBe("no route for GET /v1/nothing-here/");
  });

  it("answers 404 for a path with a word in another case, naming the path meant with the values sent", async () => {
    const person = "6F1C2A34-0000-4000-8000-000000000001";
    for (const [path, meant] of [
      ["/v1/Persons", "/v1/persons"],
      ["/V1/PERSONS/", "/v1/persons"],
      ["/v1/Persons/batch", "/v1/persons/batch"],
      [`/v1/persons/${person}/Activity`, `/v1/persons/${person}/activity`],
      ["/v1/Test/Echo", "/v1/test/echo"],
    ] as const) {
      const response = await app.request(path, { headers: { "x-api-key": acme.key } });
      expect(response.status, path).toBe(404);
      expect(await errorOf(response)).toBe(`no route for GET ${path}; did you mean ${meant}?`);
    }
    // The path meant is still not served: the case of a path is part of it.
    expect((await app.request("/v1/persons", { headers: { "x-api-key": acme.key } })).status).toBe(200);
    expect(await errorOf(await app.request("/v1/Nothing-Here", { headers: { "x-api-key": acme.key } }))).toBe("no route for GET /v1/Nothing-Here");
  });

  it("answers 405 with Allow for a known path under another method, and 404 past it", async () => {
    const wrong = await app.request("/v1/test/echo", { method: "DELETE", headers: { "x-api-key": acme.key } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(await errorOf(wrong)).toBe("method DELETE is not allowed on /v1/test/echo; use POST");
    // A path with parameters, declared under several methods.
    const person = await app.request("/v1/persons/6f1c2a34-0000-4000-8000-000000000001", { method: "PATCH", headers: { "x-api-key": acme.key } });
    expect(person.status).toBe(405);
    expect(person.headers.get("allow")).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
    expect(person.headers.get("allow")!.split(", ")).toContain("GET");
    expect(person.headers.get("x-request-id")).toBeTruthy();
    // One segment more is no declared path.
    const deeper = await app.request("/v1/test/echo/more", { method: "DELETE", headers: { "x-api-key": acme.key } });
    expect(deeper.status).toBe(404);
    // Without a key, authentication answers first.
    expect((await app.request("/v1/test/echo", { method: "DELETE" })).status).toBe(401);
  });

  it("answers 400 for malformed JSON, a missing body and a schema violation", async () => {
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatch(/not valid JSON/);
    const missing = await post(null);
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatch(/body is required/);
    const invalid = await post(JSON.stringify({ note: 12 }));
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toMatch(/body field 'note'/);
  });

  it("answers 400 for a body that is not UTF-8, rather than storing its text mangled", async () => {
    // "José" in ISO-8859-1: the é is the lone byte 0xE9, which UTF-8 decoding turned into U+FFFD.
    const latin1 = Buffer.concat([Buffer.from('{"name": "Jos'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const response = await app.request("/v1/persons", { method: "POST", headers: { "x-api-key": acme.key, "content-type": "application/json" }, body: latin1 });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("request body is not valid JSON: it is not UTF-8 text (JSON must be sent as UTF-8)");
    const persons = await app.request("/v1/persons?name=jos", { headers: { "x-api-key": acme.key } });
    expect(((await persons.json()) as { items: unknown[] }).items).toEqual([]);
    // The same text in UTF-8 is taken as it is.
    const utf8 = await app.request("/v1/persons", { method: "POST", headers: { "x-api-key": acme.key, "content-type": "application/json" }, body: Buffer.from('{"name": "José"}') });
    expect(utf8.status).toBe(201);
    expect(((await utf8.json()) as { name: string }).name).toBe("José");
  });

  it("answers 413 for a body over 1 MiB, declared or streamed", async () => {
    const big = JSON.stringify({ note: "x".repeat(MAX_BODY_BYTES) });
    const response = await post(big);
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatch(/1 MiB/);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await app.request("/v1/test/echo", {
      method: "POST",
      headers: { "x-api-key": acme.key, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await post("note=hello", { "content-type": "application/x-www-form-urlencoded" });
    expect(response.status).toBe(415);
    expect(await errorOf(response)).toMatch(/Content-Type: application\/json/);
  });

  it("answers 500 JSON with the request id, and no stack or message leak, on an unexpected exception", async () => {
    const response = await app.request("/v1/test/explode", { headers: { "x-api-key": acme.key, "x-request-id": "trace-500" } });
    expect(response.status).toBe(500);
    const message = await errorOf(response);
    expect(message).toContain("trace-500");
    expect(message).not.toMatch(/secret|\/srv|at /);
    expect(response.headers.get("x-request-id")).toBe("trace-500");
  });
});

describe("a database another process keeps locked", () => {
  it("answers a write 503 with Retry-After once the busy timeout has passed, and the same write succeeds after", async () => {
    // The production busy timeout (5 s) shortened: what is tested is the answer once it has passed.
    const waiting = await createTestContext({ lockWaitMs: 100 });
    try {
      const tenant = await buildTenant(waiting.services);
      // Another process (rapport import, say) in the middle of a long write transaction.
      const other = new SqliteDatabase(waiting.databasePath);
      other.exec("begin immediate");
      let busy: Response;
      try {
        busy = await waiting.request("/v1/persons", { key: tenant.key, method: "POST", body: { name: "Waits Its Turn" } });
      } finally {
        other.exec("rollback");
        other.close();
      }
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("1");
      expect(await errorOf(busy)).toBe("the database is busy with another process's write (a rapport command beside the server); retry shortly");
      const retried = await waiting.request("/v1/persons", { key: tenant.key, method: "POST", body: { name: "Waits Its Turn" } });
      expect(retried.status).toBe(201);
    } finally {
      await waiting.close();
    }
  });

  it("answers a list again once the lock is gone, and lists during it on a database whose cursor secret is stored", async () => {
    const first = await createTestContext({ lockWaitMs: 100 });
    let restarted: TestContext | undefined;
    const other = new SqliteDatabase(first.databasePath);
    try {
      const tenant = await buildTenant(first.services);
      // The first list of a new database stores the cursor secret: a write, refused while the lock is held.
      other.exec("begin immediate");
      expect((await first.request("/v1/users", { key: tenant.key })).status).toBe(503);
      other.exec("rollback");
      // Until 2026-12-07 the refusal was kept: every list answered 503 until the server was restarted.
      expect((await first.request("/v1/users", { key: tenant.key })).status).toBe(200);
      // A server started on it again reads the secret without a write (it waited for the lock, then answered 503).
      restarted = await createTestContext({ databasePath: first.databasePath, lockWaitMs: 100 });
      other.exec("begin immediate");
      expect((await restarted.request("/v1/users", { key: tenant.key })).status).toBe(200);
    } finally {
      if (other.inTransaction) other.exec("rollback");
      other.close();
      await restarted?.close();
      await first.close();
    }
  });
});

describe("a failing disk", () => {
  /** Writes a row to a SQLite database that may not grow (`max_page_count`): SQLite's own SQLITE_FULL, as on a full disk. */
  const fillDisk = defineOperation({
    operationId: "testFillDisk",
    method: "post",
    path: "/v1/test/fill-disk",
    area: "Test",
    summary: "Fills the disk",
    description: "Writes to a database that has no room left.",
    async handler() {
      const database = new SqliteDatabase(":memory:");
      try {
        database.exec("create table notes (body blob not null)");
        database.pragma(`max_page_count = ${database.pragma("page_count", { simple: true }) as number}`);
        database.prepare("insert into notes values (?)").run(Buffer.alloc(8192));
        return undefined;
      } finally {
        database.close();
      }
    },
  });
  /** Fails as SQLite does on a read-only file, a damaged one, a disk error (`code` in the query). */
  const failStorage = defineOperation({
    operationId: "testFailStorage",
    method: "post",
    path: "/v1/test/fail-storage",
    area: "Test",
    summary: "Fails",
    description: "Fails with a SQLite error code.",
    query: z.object({ code: z.string() }),
    async handler({ query }) {
      throw new SqliteDatabase.SqliteError("storage failed", query.code);
    },
  });

  let lines: Record<string, unknown>[];
  let failing: ReturnType<typeof createApp>;
  beforeEach(() => {
    lines = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    // A memory of its own, logging to this logger (the context's services share theirs with their import jobs).
    failing = createApp({ ...context.services, logger, storageFaults: createStorageFaults(logger) }, { operations: [...operations, fillDisk, failStorage] });
  });
  const post = (path: string, body?: unknown, requestId = "disk-1") =>
    failing.request(path, { method: "POST", headers: { "x-api-key": acme.key, "x-request-id": requestId, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const ready = async () => (await failing.request("/ready")).json() as Promise<Record<string, unknown>>;

  it("answers 503 with Retry-After, not a 500, logs it once a minute, and /ready says so until a write succeeds", async () => {
    const response = await post("/v1/test/fill-disk");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(await errorOf(response)).toBe("the server's disk is full, so this request could not be stored; retry later");
    const message = "database disk full: writes fail until space is freed on the database's file system";
    expect(lines.find((line) => line.requestId === "disk-1" && line.level === 50)).toMatchObject({ msg: message, failure: "disk_full", err: { code: "SQLITE_FULL" } });
    // Clients retrying: the access log has each, the error log one line a minute (it had one per request).
    expect((await post("/v1/test/fill-disk", undefined, "disk-2")).status).toBe(503);
    expect(lines.filter((line) => line.level === 50)).toHaveLength(1);
    context.clock.advance(60_000);
    expect((await post("/v1/test/fill-disk", undefined, "disk-3")).status).toBe(503);
    expect(lines.filter((line) => line.level === 50).at(-1)).toMatchObject({ requestId: "disk-3", refusedSinceLastLine: 1 });
    // Until 2026-12-07 /ready said ready while every write failed.
    expect(await ready()).toEqual({ status: "disk_full", error: message });
    expect((await post("/v1/persons", { name: "Space Freed" })).status).toBe(201);
    expect(await ready()).toEqual({ status: "ready" });
    expect(lines.find((line) => line.msg === "database writes succeed again")).toMatchObject({ level: 30, failure: "disk_full", refused: 3 });
  });

  it("keeps saying disk_full on /ready after a write that got through while the disk has no room yet (one needing no new page does)", async () => {
    let room = false;
    const logger = pino({ level: "silent" });
    failing = createApp({ ...context.services, logger, storageFaults: createStorageFaults(logger, { hasRoom: () => room }) }, { operations: [...operations, fillDisk, failStorage] });
    expect((await post("/v1/test/fill-disk")).status).toBe(503);
    expect((await post("/v1/test/fail-storage?code=SQLITE_BUSY")).status).toBe(503);
    expect((await post("/v1/persons", { name: "Small Write" })).status).toBe(201);
    expect(await ready()).toMatchObject({ status: "disk_full" });
    room = true;
    expect((await post("/v1/persons", { name: "Space Freed" })).status).toBe(201);
    expect(await ready()).toEqual({ status: "ready" });
  });

  it("keeps saying disk_full on /ready past a minute without requests while the disk has no room (it said ready 60 s after the last refusal)", async () => {
    let room = false;
    const logger = pino({ level: "silent" });
    failing = createApp({ ...context.services, logger, storageFaults: createStorageFaults(logger, { hasRoom: () => room }) }, { operations: [...operations, fillDisk, failStorage] });
    expect((await post("/v1/test/fill-disk")).status).toBe(503);
    context.clock.advance(10 * 60_000);
    expect(await ready()).toMatchObject({ status: "disk_full" });
    // Space freed and no write since: nothing is wrong any more.
    room = true;
    expect(await ready()).toEqual({ status: "ready" });
  });

  it("answers a read-only file, a damaged file and a disk error with a 503 saying which (each was a 500 'internal error')", async () => {
    const answers = [];
    for (const code of ["SQLITE_READONLY_DIRECTORY", "SQLITE_CORRUPT", "SQLITE_IOERR_FSYNC"]) {
      const response = await post(`/v1/test/fail-storage?code=${code}`);
      answers.push({ status: response.status, retryAfter: response.headers.get("retry-after"), error: await errorOf(response), ready: await ready() });
    }
    expect(answers).toEqual([
      {
        status: 503,
        retryAfter: "60",
        error: "the server's database is read-only, so this request could not be stored; retry later",
        ready: { status: "database_read_only", error: expect.stringMatching(/^database read-only: writes fail until the server's user may write/) },
      },
      {
        status: 503,
        retryAfter: null,
        error: "the server's database file is damaged, so this request could not be answered; its operator has to restore it",
        ready: { status: "database_damaged", error: "database file damaged: stop the server and restore the database from a backup (rapport restore --from FILE)" },
      },
      {
        status: 503,
        retryAfter: "60",
        error: "the server could not read or write its database (a disk error), so this request could not be answered; retry later",
        ready: { status: "disk_io_error", error: expect.stringMatching(/^disk I\/O error on the database/) },
      },
    ]);
    expect(lines.filter((line) => line.level === 50).map((line) => line.failure)).toEqual(["database_read_only", "database_damaged", "disk_io_error"]);
  });
});

describe("X-Request-Id", () => {
  it("echoes the client's id and generates a UUID otherwise, on success and on errors", async () => {
    const echoed = await context.request("/v1/users", { key: acme.key, headers: { "X-Request-Id": "client-id-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("client-id-123");
    const generated = await context.request("/v1/users", { key: acme.key });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const unauthorized = await context.request("/v1/users", { headers: { "X-Request-Id": "no-key-here" } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("x-request-id")).toBe("no-key-here");
    const notFound = await context.request("/nowhere");
    expect(notFound.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("replaces an id that is too long or not printable with a fresh UUID", async () => {
    for (const sent of ["x".repeat(201), "has spaces in it", "new\u0007line"]) {
      const response = await context.request("/v1/users", { key: acme.key, headers: { "X-Request-Id": sent } });
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
