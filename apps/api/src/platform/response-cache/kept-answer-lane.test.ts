/**
 * The kept-answer lane over a real port, in front of the real app: which requests it answers, and that its
 * answers are the app's (body, headers, rate-limit counts, 429s, access-log lines); everything else reaches
 * the app untouched.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { operations } from "../../routes/operations.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { keptAnswerLane } from "./kept-answer-lane.js";
import { ResponseCache } from "./response-cache.js";

let context: TestContext;
let acme: TestTenant;
let server: Server;
let baseUrl: string;
/** Requests the app answered (the lane passed them on). */
let reachedApp: string[];
let logLines: Array<Record<string, unknown>>;
let graceUuid: string;

async function start(tenantOptions: { perSecond?: number } = {}) {
  context = await createTestContext();
  acme = await buildTenant(context.services, tenantOptions);
  logLines = [];
  context.services.logger = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n")) if (line) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  );
  const grace = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper" });
  graceUuid = grace.uuid;
  reachedApp = [];
  const appListener = getRequestListener(context.app.fetch);
  server = createServer(
    keptAnswerLane(context.services, operations, (incoming, outgoing) => {
      reachedApp.push(`${incoming.method} ${incoming.url}`);
      return appListener(incoming, outgoing);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await context.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${path}`, { headers: { "x-api-key": acme.key, ...headers } });

const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)));

describe("keptAnswerLane", () => {
  beforeEach(() => start());

  it("answers a repeated person read itself, with the app's bytes and headers, and counts it", async () => {
    const path = `/v1/persons/${graceUuid}`;
    const first = await get(path, { "x-request-id": "first-read" });
    const firstText = await first.text();
    expect(reachedApp).toEqual([`GET ${path}`]);
    context.clock.advance(2_000);
    const again = await get(path, { "x-request-id": "second-read" });
    expect(reachedApp).toHaveLength(1);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstText);

    const appHeaders = headersOf(first);
    const laneHeaders = headersOf(again);
    expect(Object.keys(laneHeaders).sort()).toEqual([...Object.keys(appHeaders), "age"].sort());
    expect(laneHeaders).toMatchObject({
      age: "2",
      "content-type": appHeaders["content-type"],
      "content-length": appHeaders["content-length"],
      "x-ratelimit-limit": appHeaders["x-ratelimit-limit"],
      "x-ratelimit-limit-monthly": appHeaders["x-ratelimit-limit-monthly"],
      "x-ratelimit-reset-monthly": appHeaders["x-ratelimit-reset-monthly"],
      "x-request-id": "second-read",
    });
    // Counted like the app counts: one more request this month (a new second, so the per-second count starts over).
    expect(Number(laneHeaders["x-ratelimit-remaining-monthly"])).toBe(Number(appHeaders["x-ratelimit-remaining-monthly"]) - 1);
    expect(Number(laneHeaders["x-ratelimit-reset"])).toBe(Number(appHeaders["x-ratelimit-reset"]) + 2);

    // A third read by the app itself (no-cache) sees both earlier requests in its counts.
    const fresh = await get(path, { "cache-control": "no-cache" });
    expect(reachedApp).toHaveLength(2);
    expect(Number(fresh.headers.get("x-ratelimit-remaining-monthly"))).toBe(Number(appHeaders["x-ratelimit-remaining-monthly"]) - 2);
    expect(Number(fresh.headers.get("x-ratelimit-remaining"))).toBe(Number(laneHeaders["x-ratelimit-remaining"]) - 1);
  });

  it("answers a kept person's If-None-Match naming its tag itself, with the app's 304: the tag, no body", async () => {
    const path = `/v1/persons/${graceUuid}`;
    const first = await get(path);
    const tag = first.headers.get("etag")!;
    expect(tag).toMatch(/^"[0-9a-f]{16}\.[0-9a-f]{16}"$/);
    await first.arrayBuffer();
    const fromApp = await get(path, { "if-none-match": tag, "cache-control": "no-cache" });
    expect(reachedApp).toHaveLength(2);
    // Fetch adds `Cache-Control: no-cache` to a request carrying If-None-Match unless it has a Cache-Control of its own.
    const fromLane = await get(path, { "if-none-match": `"other", ${tag}`, "cache-control": "max-age=60" });
    expect(reachedApp).toHaveLength(2);
    for (const notModified of [fromApp, fromLane]) {
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("etag")).toBe(tag);
      expect(await notModified.text()).toBe("");
    }
    // The Content-Type @hono/node-server gives a 304 here is removed by the real server (ServerResponseWithoutStrayContentType).
    const appHeaderNames = Object.keys(headersOf(fromApp)).filter((name) => name !== "content-type");
    expect(Object.keys(headersOf(fromLane)).sort()).toEqual([...appHeaderNames, "age"].sort());
    const changed = await get(path, { "if-none-match": '"0000000000000000.0000000000000000"', "cache-control": "max-age=60" });
    expect(reachedApp).toHaveLength(2);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).toBe(tag);
  });

  it("writes the same access-log line as the app", async () => {
    const path = `/v1/persons/${graceUuid}?`;
    await (await get(path, { "x-request-id": "by-app" })).text();
    await (await get(path, { "x-request-id": "by-lane" })).text();
    expect(reachedApp).toHaveLength(1);
    const lines = logLines.filter((line) => line.msg === "request");
    expect(lines.map(({ requestId, method, path: loggedPath, status, tenant }) => ({ requestId, method, path: loggedPath, status, tenant }))).toEqual([
      { requestId: "by-app", method: "GET", path: `/v1/persons/${graceUuid}`, status: 200, tenant: acme.tenant.uuid },
      { requestId: "by-lane", method: "GET", path: `/v1/persons/${graceUuid}`, status: 200, tenant: acme.tenant.uuid },
    ]);
    expect(lines[1]!.durationMs).toEqual(expect.any(Number));
  });

  it("leaves to the app what it must answer: other keys, tenants, users, targets, methods, and fresh reads", async () => {
    const path = `/v1/persons/${graceUuid}`;
    await (await get(path)).text();
    expect(reachedApp).toHaveLength(1);

    const missingKey = await fetch(`${baseUrl}${path}`);
    expect(missingKey.status).toBe(401);
    const unknownKey = await get(path, { "x-api-key": "pk_unknown" });
    expect(unknownKey.status).toBe(401);
    expect(await unknownKey.json()).toEqual({ error: expect.stringMatching(/invalid API key/) });

    // Another tenant asks for the same URL: its own answer (not found), never the kept one.
    const globex = await buildTenant(context.services, { name: "Globex" });
    const other = await get(path, { "x-api-key": globex.key });
    expect(other.status).toBe(404);

    // A user context is part of the key; a bad one is the app's 403.
    expect((await get(path, { "x-service-user-id": acme.member.uuid })).status).toBe(200);
    expect((await get(path, { "x-service-user-id": globex.member.uuid })).status).toBe(403);

    const fresh = await get(path, { "cache-control": "no-cache" });
    expect(fresh.headers.get("age")).toBeNull();
    expect((await fetch(`${baseUrl}${path}`, { method: "HEAD", headers: { "x-api-key": acme.key } })).status).toBe(200);
    expect((await get(`${path}?unused=1`)).status).toBe(400);
    expect((await get(`/v1/persons?per_page=5`)).status).toBe(200);
    expect(reachedApp).toEqual([
      `GET ${path}`,
      `GET ${path}`,
      `GET ${path}`,
      `GET ${path}`,
      `GET ${path}`,
      `GET ${path}`,
      `GET ${path}`,
      `HEAD ${path}`,
      `GET ${path}?unused=1`,
      "GET /v1/persons?per_page=5",
    ]);

    // The member's own answer is kept under the member: the lane serves it the second time.
    expect((await get(path, { "x-service-user-id": acme.member.uuid })).headers.get("age")).toBe("0");
    expect(reachedApp).toHaveLength(10);
  });

  it("leaves a GET with a method override header to the app, which refuses it, rather than serve the kept answer", async () => {
    const path = `/v1/persons/${graceUuid}`;
    await (await get(path)).text();
    const overridden = await get(path, { "x-http-method-override": "DELETE" });
    expect(overridden.status).toBe(400);
    expect(await overridden.json()).toEqual({ error: expect.stringMatching(/^x-http-method-override is not supported/) });
    expect(reachedApp).toEqual([`GET ${path}`, `GET ${path}`]);
  });

  it("stops serving once the tenant's data moves", async () => {
    const path = `/v1/persons/${graceUuid}`;
    await (await get(path)).text();
    await context.services.store.persons.update(acme.tenant.uuid, graceUuid, { name: "Grace B. Hopper" });
    const renamed = await get(path);
    expect(((await renamed.json()) as { name: string }).name).toBe("Grace B. Hopper");
    expect(reachedApp).toHaveLength(2);
  });
});

describe("keptAnswerLane at a rate limit", () => {
  beforeEach(() => start({ perSecond: 2 }));

  it("refuses over the per-second limit as the app does: the same 429, headers and body", async () => {
    const path = `/v1/persons/${graceUuid}`;
    await (await get(path)).text();
    expect((await get(path)).status).toBe(200);
    const byLane = await get(path);
    expect(reachedApp).toHaveLength(1);
    const byApp = await get("/v1/users");
    expect(reachedApp).toHaveLength(2);
    expect(byLane.status).toBe(429);
    expect(byApp.status).toBe(429);
    const { "x-request-id": laneId, ...laneHeaders } = headersOf(byLane);
    const { "x-request-id": appId, ...appHeaders } = headersOf(byApp);
    expect(laneId).toMatch(/^[0-9a-f-]{36}$/);
    expect(appId).toMatch(/^[0-9a-f-]{36}$/);
    // A request refused by the per-second window is not counted in the month: both see the same counts.
    expect(laneHeaders).toEqual(appHeaders);
    expect(laneHeaders["retry-after"]).toBe("1");
    expect(await byLane.json()).toEqual(await byApp.json());
  });
});

describe("keptAnswerLane without kept answers", () => {
  beforeEach(() => start());

  it("is the app's own listener when the response cache keeps nothing, or no operation is cacheable", () => {
    const app = () => undefined;
    const disabled = { ...context.services, responseCache: new ResponseCache({ maxAgeMilliseconds: 0, maxBytes: 1 << 20 }) };
    expect(keptAnswerLane(disabled, operations, app)).toBe(app);
    expect(keptAnswerLane(context.services, operations.filter((operation) => !operation.cacheable), app)).toBe(app);
    expect(keptAnswerLane(context.services, operations, app)).not.toBe(app);
  });
});
