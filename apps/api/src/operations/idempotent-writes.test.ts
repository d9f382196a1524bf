/** `Idempotency-Key` on writes: a write sent again gets its first answer, through the real app and over a real port. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { rotateApiKey } from "../platform/auth/rotate-api-key.js";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { IDEMPOTENCY_CLAIM_STALE_MS, IDEMPOTENCY_KEY_KEPT_MS, idempotencyCaller, requestFingerprint } from "./idempotent-writes.js";

let context: TestContext;
let acme: TestTenant;
let running: RunningServer | null = null;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(async () => {
  await running?.close();
  running = null;
  await context.close();
});

interface Sent {
  status: number;
  body: Record<string, any> | null;
  replayed: string | null;
  retryAfter: string | null;
}

async function send(path: string, options: { method?: string; body?: unknown; key?: string | null; idempotencyKey?: string; userUuid?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = options.idempotencyKey === undefined ? {} : { "idempotency-key": options.idempotencyKey };
  const response = await context.request(path, { method: options.method ?? "POST", body: options.body, key: options.key === undefined ? acme.key : options.key, userUuid: options.userUuid, headers });
  const text = await response.text();
  return { status: response.status, body: text === "" ? null : JSON.parse(text), replayed: response.headers.get("idempotent-replayed"), retryAfter: response.headers.get("retry-after") };
}

const noteCount = async () => (await send("/v1/notes", { method: "GET" })).body!.total as number;

describe("Idempotency-Key", () => {
  it("gives a write sent again with the same key its first answer, writing nothing more; without a key it writes again", async () => {
    const note = { title: "Intro", content: "Met Ada at the offsite." };
    const first = await send("/v1/notes", { body: note, idempotencyKey: "7d0c9d3e-retry" });
    expect(first).toMatchObject({ status: 201, replayed: null });
    context.clock.advance(60_000);
    const again = await send("/v1/notes", { body: { content: "Met Ada at the offsite.", title: "Intro" }, idempotencyKey: "7d0c9d3e-retry" });
    // The same JSON in another order of its fields is the same request; the answer is the first one, byte for byte.
    expect(again).toEqual({ ...first, replayed: "true" });
    expect(await noteCount()).toBe(1);
    expect((await send("/v1/notes", { body: note })).status).toBe(201);
    expect((await send("/v1/notes", { body: note })).status).toBe(201);
    expect(await noteCount()).toBe(3);
  });

  it("sends a kept answer with the headers of every response: the client's X-Request-Id echoed, the rate limits", async () => {
    const post = (requestId: string) =>
      context.request("/v1/notes", { method: "POST", key: acme.key, body: { content: "Headers" }, headers: { "idempotency-key": "k-headers", "x-request-id": requestId } });
    const first = await post("first-attempt");
    const again = await post("second-attempt");
    expect([first.status, again.status, again.headers.get("idempotent-replayed")]).toEqual([201, 201, "true"]);
    expect(again.headers.get("x-request-id")).toBe("second-attempt");
    expect(Number(again.headers.get("x-ratelimit-remaining"))).toBe(Number(first.headers.get("x-ratelimit-remaining")) - 1);
    for (const name of ["x-ratelimit-limit", "x-ratelimit-reset", "x-ratelimit-limit-monthly", "x-ratelimit-remaining-monthly", "x-ratelimit-reset-monthly", "cache-control", "content-type"]) {
      expect(again.headers.get(name), name).toBe(name.includes("remaining") ? String(Number(first.headers.get(name)) - 1) : first.headers.get(name));
    }
    expect(await again.text()).toBe(await first.text());
  });

  it("refuses the key sent with another request with a 422, writing nothing", async () => {
    expect((await send("/v1/notes", { body: { content: "First" }, idempotencyKey: "k-1" })).status).toBe(201);
    const otherBody = await send("/v1/notes", { body: { content: "Second" }, idempotencyKey: "k-1" });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body!.error).toMatch(/^Idempotency-Key "k-1" was sent in the last 24 hours with another request/);
    expect((await send("/v1/tasks", { body: { title: "Call Ada" }, idempotencyKey: "k-1" })).status).toBe(422);
    expect(await noteCount()).toBe(1);
    expect((await send("/v1/tasks", { method: "GET" })).body!.total).toBe(0);
  });

  it("keeps keys apart by API key, user context and tenant: another client's same key is its own", async () => {
    const globex = await buildTenant(context.services, { name: "Globex" });
    const body = { content: "Same words" };
    const answers = [
      await send("/v1/notes", { body, idempotencyKey: "shared" }),
      await send("/v1/notes", { body, idempotencyKey: "shared", userUuid: acme.member.uuid }),
      await send("/v1/notes", { body, idempotencyKey: "shared", key: acme.adminKey }),
      await send("/v1/notes", { body, idempotencyKey: "shared", key: globex.key }),
    ];
    expect(answers.map((answer) => [answer.status, answer.replayed])).toEqual(Array(4).fill([201, null]));
    expect(new Set(answers.map((answer) => answer.body!.uuid)).size).toBe(4);
    expect(await noteCount()).toBe(3);
  });

  it("gives a key's kept answers to the key that replaced it (keys rotate), in the grace period and after, and to no other key", async () => {
    const body = { content: "Sent before the rotation" };
    const first = await send("/v1/notes", { body, key: acme.memberKey, idempotencyKey: "k-rotated" });
    expect(first).toMatchObject({ status: 201, replayed: null });
    const [memberKey] = (await context.services.store.apiKeys.list(acme.tenant.uuid)).filter((key) => key.user_uuid === acme.member.uuid);
    const rotated = (await rotateApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, keyUuid: memberKey!.uuid, graceHours: 24 }))!;
    // The retry of a job queued before the deployment of the new key, sent with it: the note is not written twice.
    expect(await send("/v1/notes", { body, key: rotated.plaintext, idempotencyKey: "k-rotated" })).toEqual({ ...first, replayed: "true" });
    const again = (await rotateApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, keyUuid: rotated.key.uuid, graceHours: 0 }))!;
    expect(await send("/v1/notes", { body, key: again.plaintext, idempotencyKey: "k-rotated" })).toEqual({ ...first, replayed: "true" });
    // A key of the same user that replaced nothing keeps its own keys.
    const other = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, userUuid: acme.member.uuid });
    expect(await send("/v1/notes", { body, key: other.plaintext, idempotencyKey: "k-rotated" })).toMatchObject({ status: 201, replayed: null });
    expect(await noteCount()).toBe(2);
  });

  it("gives a user's kept answer only while they hold the role it was given to: an administrator made a member runs again", async () => {
    const type = { label: "Fundraising" };
    const asAdministrator = await send("/v1/opportunity-types", { body: type, key: acme.adminKey, idempotencyKey: "k-role" });
    expect(asAdministrator).toMatchObject({ status: 201, replayed: null });
    await context.services.store.users.setRole(acme.tenant.uuid, acme.admin.uuid, "member");
    // The handler's own check runs again: a member may not create a type, and is not handed the administrator's answer.
    const asMember = await send("/v1/opportunity-types", { body: type, key: acme.adminKey, idempotencyKey: "k-role" });
    expect(asMember).toMatchObject({ status: 403, replayed: null });
    expect(asMember.body!.error).toMatch(/only an administrator may/);
    await context.services.store.users.setRole(acme.tenant.uuid, acme.admin.uuid, "administrator");
    expect(await send("/v1/opportunity-types", { body: type, key: acme.adminKey, idempotencyKey: "k-role" })).toEqual({ ...asAdministrator, replayed: "true" });
  });

  it("answers a revoked key and a deactivated user as without a key: no kept answer reaches them", async () => {
    const body = { content: "Kept" };
    expect((await send("/v1/notes", { body, key: acme.memberKey, idempotencyKey: "k-gone" })).status).toBe(201);
    await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid);
    const deactivated = await send("/v1/notes", { body, key: acme.memberKey, idempotencyKey: "k-gone" });
    expect(deactivated.replayed).toBeNull();
    expect([401, 403]).toContain(deactivated.status);
    expect((await send("/v1/notes", { body, idempotencyKey: "k-revoked" })).status).toBe(201);
    const [tenantKey] = (await context.services.store.apiKeys.list(acme.tenant.uuid)).filter((key) => key.user_uuid === null);
    await context.services.store.apiKeys.revoke(acme.tenant.uuid, tenantKey!.uuid);
    expect(await send("/v1/notes", { body, idempotencyKey: "k-revoked" })).toMatchObject({ status: 401, replayed: null });
  });

  it("keeps no error: the write sent again after a 404 runs again; a DELETE sent again gets its 204", async () => {
    const missing = "/v1/notes/00000000-0000-4000-8000-000000000000";
    const refused = await send(missing, { method: "DELETE", idempotencyKey: "k-404" });
    expect(refused.status).toBe(404);
    // Not kept and not held: run again (a 409 would say the key was still claimed).
    expect(await send(missing, { method: "DELETE", idempotencyKey: "k-404" })).toEqual({ ...refused, replayed: null });
    const created = await send("/v1/notes", { body: { content: "To delete" } });
    const deleted = await send(`/v1/notes/${created.body!.uuid}`, { method: "DELETE", idempotencyKey: "k-delete" });
    expect(deleted).toEqual({ status: 204, body: null, replayed: null, retryAfter: null });
    expect(await send(`/v1/notes/${created.body!.uuid}`, { method: "DELETE", idempotencyKey: "k-delete" })).toEqual({ ...deleted, replayed: "true" });
    expect((await send(`/v1/notes/${created.body!.uuid}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers 409 with Retry-After while the key's first request is being processed (by another server), then lets a stale one run", async () => {
    const body = { content: "Slow" };
    const [tenantKey] = (await context.services.store.apiKeys.list(acme.tenant.uuid)).filter((key) => key.user_uuid === null);
    const caller = idempotencyCaller({ key: tenantKey!, user: null });
    const fingerprint = requestFingerprint("POST", "http://localhost/v1/notes", body);
    const at = context.clock.now();
    await context.services.store.idempotentRequests.claim(acme.tenant.uuid, { caller, key: "k-busy", fingerprint, at, keepForMs: IDEMPOTENCY_KEY_KEPT_MS, staleAfterMs: IDEMPOTENCY_CLAIM_STALE_MS });
    const busy = await send("/v1/notes", { body, idempotencyKey: "k-busy" });
    expect(busy).toMatchObject({ status: 409, retryAfter: "1" });
    expect(busy.body!.error).toBe('a request with Idempotency-Key "k-busy" is still being processed: send it again in a moment to get its answer');
    expect(await noteCount()).toBe(0);
    // The other server died mid-request: five minutes on, the request sent again runs, once.
    context.clock.advance(IDEMPOTENCY_CLAIM_STALE_MS);
    expect((await send("/v1/notes", { body, idempotencyKey: "k-busy" })).status).toBe(201);
    expect((await send("/v1/notes", { body, idempotencyKey: "k-busy" })).replayed).toBe("true");
    expect(await noteCount()).toBe(1);
  });

  it("never runs twice a write whose answer was not kept (its server killed in between): the key sent again is a 409", async () => {
    const requests = context.services.store.idempotentRequests;
    const answer = requests.answer;
    const zelda = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Zelda" });
    // As a server killed after the note's commit leaves it: the claim, no answer.
    requests.answer = () => Promise.reject(new Error("killed"));
    try {
      expect((await send("/v1/notes", { body: { content: "Once" }, idempotencyKey: "k-killed" })).status).toBe(201);
      // A person's erasure too, though it commits on a connection of its own (long-write-connection.ts).
      expect((await send(`/v1/persons/${zelda.uuid}`, { method: "DELETE", idempotencyKey: "k-erased" })).status).toBe(204);
    } finally {
      requests.answer = answer;
    }
    context.clock.advance(IDEMPOTENCY_CLAIM_STALE_MS);
    const again = await send("/v1/notes", { body: { content: "Once" }, idempotencyKey: "k-killed" });
    expect(again).toMatchObject({ status: 409, retryAfter: null });
    expect(again.body!.error).toBe(
      'the request with Idempotency-Key "k-killed" was carried out, but its answer was lost (the server stopped or failed before answering): it is not run again, which would write it twice; read what it wrote, or send a new key to write it again',
    );
    expect(await noteCount()).toBe(1);
    // Not the 404 of a person not found, which read as though the erasure had not happened.
    const erasedAgain = await send(`/v1/persons/${zelda.uuid}`, { method: "DELETE", idempotencyKey: "k-erased" });
    expect([erasedAgain.status, erasedAgain.body!.error]).toEqual([409, expect.stringContaining('"k-erased" was carried out, but its answer was lost')]);
  });

  it("never runs twice a write that failed after its commit (a 500): the key sent again is a 409 at once", async () => {
    const notes = context.services.store.notes;
    const create = notes.create;
    notes.create = async (...args) => {
      await create.apply(notes, args);
      throw new Error("failed after the commit");
    };
    try {
      expect((await send("/v1/notes", { body: { content: "Failed" }, idempotencyKey: "k-failed" })).status).toBe(500);
    } finally {
      notes.create = create;
    }
    const again = await send("/v1/notes", { body: { content: "Failed" }, idempotencyKey: "k-failed" });
    expect(again.status).toBe(409);
    expect(again.body!.error).toContain("was carried out, but its answer was lost");
    expect(await noteCount()).toBe(1);
  });

  it("forgets a key after 24 hours: the write sent then runs again", async () => {
    const first = await send("/v1/notes", { body: { content: "Daily" }, idempotencyKey: "k-day" });
    context.clock.advance(IDEMPOTENCY_KEY_KEPT_MS - 1);
    expect((await send("/v1/notes", { body: { content: "Daily" }, idempotencyKey: "k-day" })).body!.uuid).toBe(first.body!.uuid);
    context.clock.advance(1);
    expect((await send("/v1/notes", { body: { content: "Daily" }, idempotencyKey: "k-day" })).body!.uuid).not.toBe(first.body!.uuid);
  });

  it("refuses a key no client should send with a 400; reads and read-only keys are answered as without one", async () => {
    for (const idempotencyKey of ["", " ", "x".repeat(256), "k 1", "order\t42"]) {
      const refused = await send("/v1/notes", { body: { content: "x" }, idempotencyKey });
      expect(refused.status, JSON.stringify(idempotencyKey)).toBe(400);
      expect(refused.body!.error).toMatch(/^Idempotency-Key must be 1 to 255 visible ASCII characters/);
    }
    expect((await send("/v1/notes", { body: { content: "x" }, idempotencyKey: "x".repeat(255) })).status).toBe(201);
    const twice = await send("/v1/notes", { body: { content: "x" }, idempotencyKey: "k-client, k-proxy" });
    expect(twice).toMatchObject({ status: 400, body: { error: "Idempotency-Key is given more than once, or holds a comma: send one key without commas (a UUID is a good key)" } });
    expect(await send("/v1/notes", { method: "GET", idempotencyKey: "" })).toMatchObject({ status: 200, replayed: null });
    const lookups = { criteria: [{ email: "nobody@example.com" }] };
    await send("/v1/persons/lookup/batch", { body: lookups, idempotencyKey: "k-read" });
    expect((await send("/v1/persons/lookup/batch", { body: lookups, idempotencyKey: "k-read" })).replayed).toBeNull();
  });

  it("refuses Idempotency-Key given twice over a real port (a proxy's key beside the client's), writing nothing", async () => {
    running = await startServer(context.services, { port: 0 });
    const post = () =>
      fetch(`http://127.0.0.1:${running!.port}/v1/notes`, {
        method: "POST",
        headers: [["x-api-key", acme.key], ["content-type", "application/json"], ["idempotency-key", "k-client"], ["idempotency-key", `k-proxy-${Math.random()}`]],
        body: JSON.stringify({ content: "Once" }),
      });
    for (const response of [await post(), await post()]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/^Idempotency-Key is given more than once/);
    }
    expect(await noteCount()).toBe(0);
  });

  it("after a person's erasure, forgets the answers holding her data (a name with quotes included), not those sharing her mail domain", async () => {
    const ben = await send("/v1/persons", { body: { name: "Ben Okafor", emails: ["ben.okafor@gmail.com"] }, idempotencyKey: "k-ben" });
    const jo = await send("/v1/persons", { body: { name: 'Jo "Ace" Ruiz', emails: ["jo.ruiz@gmail.com"] } });
    const note = await send("/v1/notes", { body: { content: 'Call Jo "Ace" Ruiz about the renewal' }, idempotencyKey: "k-jo-note" });
    expect([ben.status, jo.status, note.status]).toEqual([201, 201, 201]);
    expect((await send(`/v1/persons/${jo.body!.uuid}`, { method: "DELETE", key: acme.adminKey })).status).toBe(204);
    // Ben's answer names only gmail.com, as hers did: still his first answer, nothing written again.
    expect(await send("/v1/persons", { body: { name: "Ben Okafor", emails: ["ben.okafor@gmail.com"] }, idempotencyKey: "k-ben" })).toEqual({ ...ben, replayed: "true" });
    // The note's answer quoted her name: forgotten, so the retry runs again (a second note) instead of giving it back.
    const retried = await send("/v1/notes", { body: { content: 'Call Jo "Ace" Ruiz about the renewal' }, idempotencyKey: "k-jo-note" });
    expect(retried).toMatchObject({ status: 201, replayed: null });
    expect(retried.body!.uuid).not.toBe(note.body!.uuid);
  });

  it("works over a real port", async () => {
    running = await startServer(context.services, { port: 0 });
    const post = () =>
      fetch(`http://127.0.0.1:${running!.port}/v1/notes`, {
        method: "POST",
        headers: { "x-api-key": acme.key, "content-type": "application/json", "Idempotency-Key": "port-1" },
        body: JSON.stringify({ content: "Over the wire" }),
      });
    const first = await post();
    const again = await post();
    expect([first.status, again.status, again.headers.get("idempotent-replayed")]).toEqual([201, 201, "true"]);
    expect(await again.text()).toBe(await first.text());
    expect(await noteCount()).toBe(1);
  });
});
