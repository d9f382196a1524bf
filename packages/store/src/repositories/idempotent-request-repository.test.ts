/** `idempotentRequests`: a key claimed once, its answer kept and given back, other requests and stale claims. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { IdempotentClaimRequest, Store } from "../store.js";

const DAY = 86_400_000;
const MINUTE = 60_000;
let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const request = (at: number, changes: Partial<IdempotentClaimRequest> = {}): IdempotentClaimRequest => ({
  caller: "key-1:",
  key: "retry-7",
  fingerprint: "post-notes-a",
  at,
  keepForMs: DAY,
  staleAfterMs: 5 * MINUTE,
  ...changes,
});

async function claimed(at: number, changes: Partial<IdempotentClaimRequest> = {}, tenant = tenantUuid): Promise<string> {
  const found = await store.idempotentRequests.claim(tenant, request(at, changes));
  if (found.outcome !== "claimed") throw new Error(`expected a claim, got ${found.outcome}`);
  return found.claim;
}

describe("idempotentRequests", () => {
  it("gives the first request's answer to the key sent again with the same request, until it expires", async () => {
    const claim = await claimed(1_000);
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_500))).toEqual({ outcome: "in_progress", claimedAt: 1_000 });
    expect(await store.idempotentRequests.answer(tenantUuid, { caller: "key-1:", key: "retry-7", claim, status: 201, response: '{"uuid":"n1"}', at: 2_000, keepForMs: DAY })).toBe(true);
    expect(await store.idempotentRequests.claim(tenantUuid, request(3_000))).toEqual({ outcome: "answered", status: 201, response: '{"uuid":"n1"}', entity_tag: null });
    // Kept a day from the answer: then the key is new again.
    expect((await store.idempotentRequests.claim(tenantUuid, request(2_000 + DAY - 1))).outcome).toBe("answered");
    expect((await store.idempotentRequests.claim(tenantUuid, request(2_000 + DAY))).outcome).toBe("claimed");
  });

  it("gives the first answer's ETag back with it (migration 0097), and a claim again clears it", async () => {
    const claim = await claimed(1_000);
    const answer = { caller: "key-1:", key: "retry-7", claim, status: 200, response: '{"city":"Oslo"}', entity_tag: '"0123456789abcdef.fedcba9876543210"', at: 1_001, keepForMs: DAY };
    await store.idempotentRequests.answer(tenantUuid, answer);
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_002))).toEqual({ outcome: "answered", status: 200, response: '{"city":"Oslo"}', entity_tag: answer.entity_tag });
    // Expired, the key is claimed afresh: its next answer, kept without a tag, is given back without one.
    const again = await claimed(1_001 + DAY);
    await store.idempotentRequests.answer(tenantUuid, { ...answer, claim: again, entity_tag: undefined, at: 1_002 + DAY });
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_003 + DAY))).toMatchObject({ outcome: "answered", entity_tag: null });
  });

  it("refuses the key with another request, answered or running", async () => {
    const claim = await claimed(1_000);
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_001, { fingerprint: "post-notes-b" }))).toEqual({ outcome: "other_request" });
    await store.idempotentRequests.answer(tenantUuid, { caller: "key-1:", key: "retry-7", claim, status: 204, response: null, at: 1_002, keepForMs: DAY });
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_003, { fingerprint: "post-notes-b" }))).toEqual({ outcome: "other_request" });
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_004))).toEqual({ outcome: "answered", status: 204, response: null, entity_tag: null });
  });

  it("says whether an answer is kept for a key: not while its request runs, nor once expired, nor for another tenant or caller", async () => {
    const has = (at: number, caller = "key-1:", tenant = tenantUuid) => store.idempotentRequests.hasAnswer(tenant, { caller, key: "retry-7", at });
    expect(await has(1_000)).toBe(false);
    const claim = await claimed(1_000);
    expect(await has(1_001)).toBe(false);
    await store.idempotentRequests.answer(tenantUuid, { caller: "key-1:", key: "retry-7", claim, status: 202, response: "{}", at: 2_000, keepForMs: DAY });
    expect([await has(2_001), await has(2_001, "key-2:"), await has(2_001, "key-1:", otherTenantUuid), await has(2_000 + DAY)]).toEqual([true, false, false, false]);
  });

  it("keeps keys apart by tenant and by caller", async () => {
    await claimed(1_000);
    await claimed(1_000, {}, otherTenantUuid);
    await claimed(1_000, { caller: "key-1:user-2" });
    await claimed(1_000, { caller: "key-2:" });
    expect((await store.idempotentRequests.claim(tenantUuid, request(1_001))).outcome).toBe("in_progress");
  });

  it("gives a released key, or one whose request went stale, to the next request; the old claim then records nothing", async () => {
    const first = await claimed(1_000);
    await store.idempotentRequests.release(tenantUuid, { caller: "key-1:", key: "retry-7", claim: first });
    const second = await claimed(1_001);
    // A claim no request answered for five minutes: its server died; the key goes to the request sent again.
    expect((await store.idempotentRequests.claim(tenantUuid, request(1_001 + 5 * MINUTE - 1))).outcome).toBe("in_progress");
    const third = await claimed(1_001 + 5 * MINUTE);
    expect(await store.idempotentRequests.answer(tenantUuid, { caller: "key-1:", key: "retry-7", claim: second, status: 201, response: "{}", at: 1_002 + 5 * MINUTE, keepForMs: DAY })).toBe(false);
    await store.idempotentRequests.release(tenantUuid, { caller: "key-1:", key: "retry-7", claim: second });
    expect(await store.idempotentRequests.answer(tenantUuid, { caller: "key-1:", key: "retry-7", claim: third, status: 201, response: '{"n":3}', at: 1_003 + 5 * MINUTE, keepForMs: DAY })).toBe(true);
    // An answered key is not released by a late release of its own claim.
    await store.idempotentRequests.release(tenantUuid, { caller: "key-1:", key: "retry-7", claim: third });
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_004 + 5 * MINUTE))).toEqual({ outcome: "answered", status: 201, response: '{"n":3}', entity_tag: null });
  });

  it("gives the key of a claimer that stopped to the request sent again at once, not after the claim went stale", async () => {
    const stoppedServer = (claimer: string) => claimer === "server-a";
    const first = await claimed(1_000, { claimer: "server-a" });
    // While server-a runs, and for a claim that names no claimer, the key is held.
    expect((await store.idempotentRequests.claim(tenantUuid, request(1_001, { claimerStopped: () => false }))).outcome).toBe("in_progress");
    await store.idempotentRequests.release(tenantUuid, { caller: "key-1:", key: "retry-7", claim: first });
    await claimed(1_002);
    expect((await store.idempotentRequests.claim(tenantUuid, request(1_003, { claimerStopped: () => true }))).outcome).toBe("in_progress");
    await claimed(1_003 + 5 * MINUTE, { claimer: "server-a" });
    const taken = await claimed(1_004 + 5 * MINUTE, { claimer: "server-b", claimerStopped: stoppedServer });
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_005 + 5 * MINUTE, { claimerStopped: stoppedServer }))).toEqual({ outcome: "in_progress", claimedAt: 1_004 + 5 * MINUTE });
    expect(await store.idempotentRequests.answer(tenantUuid, { caller: "key-1:", key: "retry-7", claim: taken, status: 201, response: "{}", at: 1_006 + 5 * MINUTE, keepForMs: DAY })).toBe(true);
  });

  it("refuses to run again a request whose writes committed before its claimer stopped or it failed, in a transaction or not", async () => {
    const stoppedServer = (claimer: string) => claimer === "server-a";
    for (const [key, write] of [
      ["in-transaction", () => store.transaction((transaction) => transaction.tenants.create({ name: "Initech", tier: "standard" }))],
      ["autocommit", () => store.settings.set("k3.setting", "on")],
    ] as const) {
      const claim = await claimed(1_000, { key, claimer: "server-a" });
      const mark = { tenantUuid, caller: "key-1:", key, claim };
      await store.idempotentRequests.markingWrites(mark, async () => void (await write()));
      // Killed before its answer was kept: the key sent again neither runs nor waits.
      expect(await store.idempotentRequests.claim(tenantUuid, request(1_001, { key, claimerStopped: stoppedServer }))).toEqual({ outcome: "written", claimedAt: 1_000 });
    }
    // A request that wrote and then failed (a 500 after its commit) keeps its claim, at once read as written.
    const failed = await claimed(1_000, { key: "failed-after-write", claimer: "server-b" });
    await store.idempotentRequests.markingWrites({ tenantUuid, caller: "key-1:", key: "failed-after-write", claim: failed }, () => store.settings.set("k3.failed", "on"));
    await store.idempotentRequests.release(tenantUuid, { caller: "key-1:", key: "failed-after-write", claim: failed });
    expect(await store.idempotentRequests.claim(tenantUuid, request(1_001, { key: "failed-after-write", claimerStopped: () => false }))).toEqual({ outcome: "written", claimedAt: 1_000 });
    // A request whose work wrote nothing (or failed) leaves its key to the next, and a done mark marks nothing.
    const idle = await claimed(1_000, { key: "idle", claimer: "server-a" });
    await store.idempotentRequests.markingWrites({ tenantUuid, caller: "key-1:", key: "idle", claim: idle, done: true }, () => store.settings.set("k3.other", "on"));
    await expect(store.idempotentRequests.markingWrites({ tenantUuid, caller: "key-1:", key: "idle", claim: idle }, () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect((await store.idempotentRequests.claim(tenantUuid, request(1_001, { key: "idle", claimerStopped: stoppedServer }))).outcome).toBe("claimed");
  });

  it("deletes the keys expired before an instant, of every tenant", async () => {
    await claimed(1_000);
    await claimed(1_000, {}, otherTenantUuid);
    await claimed(5_000, { key: "later" });
    expect(await store.idempotentRequests.deleteExpired(1_000 + DAY + 1)).toBe(2);
    expect((await store.idempotentRequests.claim(tenantUuid, request(5_001, { key: "later" }))).outcome).toBe("in_progress");
  });

  it("refuses a malformed call before it runs", async () => {
    await expect(store.idempotentRequests.claim(tenantUuid, { ...request(1), extra: true } as IdempotentClaimRequest)).rejects.toThrow(/extra/);
    await expect(store.idempotentRequests.answer(tenantUuid, { caller: "c", key: "k", claim: "x", status: 42, response: null, at: 1, keepForMs: DAY })).rejects.toThrow(/status/);
  });
});
