/** `rapport serve` deletes the expired OAuth records and idempotency keys, which nothing removed before: the tables grew by every sign-in and retried write. */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createSqliteStore, type Store } from "@rapport/store";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";
import { pruneExpiredIdempotencyKeys, pruneExpiredOAuthRecords } from "./expired-records-pruning.js";
import { endedWithTest } from "../testing/ended-with-test.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-oauth-pruning-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const HOUR = 3_600_000;

function record(model: string, id: string, expiresAt: number | null) {
  return { model, id, payload: { jti: id }, grant_id: `grant-${id}`, uid: null, user_code: null, expires_at: expiresAt };
}

const MINUTE = 60_000;
const failure = (subject: string) => ({ subject, limit: 100, windowMs: 15 * MINUTE });

/**
 * An expired session and refresh token, a live refresh token and a client registration, which never expires; a
 * failed sign-in older than every throttle window and one within them.
 */
async function withRecords(store: Store, now: number): Promise<void> {
  await store.signInFailures.admit(now - 16 * MINUTE, [failure("old")]);
  await store.signInFailures.admit(now - 14 * MINUTE, [failure("recent")]);
  await store.oauthModels.upsert(record("Session", "old-session", now - HOUR));
  await store.oauthModels.upsert(record("RefreshToken", "old-token", now - 1));
  await store.oauthModels.upsert(record("RefreshToken", "live-token", now + HOUR));
  await store.oauthModels.upsert(record("Client", "registered-client", null));
}

/** Whether a failed sign-in of the subject is still stored: an hour's window with a limit of one refuses then. */
async function failureKept(store: Store, subject: string, now: number): Promise<boolean> {
  const admission = await store.signInFailures.admit(now, [{ subject, limit: 1, windowMs: 60 * MINUTE }]);
  if (admission.admitted) await store.signInFailures.forget(admission.failureIds);
  return !admission.admitted;
}

const DAY = 24 * HOUR;

/** A write's key claimed two days ago (expired a day ago) and one claimed an hour ago, in a tenant of their own. */
async function withIdempotencyKeys(store: Store, now: number): Promise<string> {
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  for (const [key, at] of [["old-write", now - 2 * DAY], ["recent-write", now - HOUR]] as const) {
    await store.idempotentRequests.claim(tenantUuid, { caller: "key:", key, fingerprint: key, at, keepForMs: DAY, staleAfterMs: HOUR });
  }
  return tenantUuid;
}

/** Which of the two keys are still held (a claim of a held key finds it, of a deleted one takes it anew). */
async function keysHeld(store: Store, tenantUuid: string, now: number): Promise<string[]> {
  const held: string[] = [];
  for (const key of ["old-write", "recent-write"]) {
    const found = await store.idempotentRequests.claim(tenantUuid, { caller: "key:", key, fingerprint: key, at: now, keepForMs: DAY, staleAfterMs: 2 * HOUR });
    if (found.outcome !== "claimed") held.push(key);
  }
  return held;
}

async function remaining(store: Store): Promise<string[]> {
  const ids = await Promise.all(["Session", "RefreshToken", "Client"].map((model) => store.oauthModels.listIds(model)));
  return ids.flat().sort();
}

describe("expired OAuth records", { timeout: 60_000 }, () => {
  it("are deleted, and only they, with a log line saying how many", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const lines: Array<{ msg: string; deleted?: number }> = [];
    const logger = pino(new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) }));
    const now = Date.now();
    await withRecords(store, now);
    expect(await pruneExpiredOAuthRecords(store, logger, now)).toBe(3);
    expect(await remaining(store)).toEqual(["live-token", "registered-client"]);
    expect([await failureKept(store, "old", now), await failureKept(store, "recent", now)]).toEqual([false, true]);
    expect(lines).toEqual([expect.objectContaining({ msg: "deleted expired OAuth records", deleted: 3, signInFailures: 1 })]);
    // Nothing left to delete: nothing logged.
    expect(await pruneExpiredOAuthRecords(store, logger, now)).toBe(0);
    expect(lines).toHaveLength(1);
    await store.close();
  });

  it("and expired idempotency keys are deleted, and only they, with a log line saying how many", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const lines: Array<{ msg: string; deleted?: number }> = [];
    const logger = pino(new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) }));
    const now = Date.now();
    const tenantUuid = await withIdempotencyKeys(store, now);
    expect(await pruneExpiredIdempotencyKeys(store, logger, now)).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ msg: "deleted expired idempotency keys", deleted: 1 })]);
    expect(await pruneExpiredIdempotencyKeys(store, logger, now)).toBe(0);
    expect(lines).toHaveLength(1);
    // The recent key is still held.
    expect(await keysHeld(store, tenantUuid, now)).toEqual(["recent-write"]);
    await store.close();
  });

  it("are deleted by rapport serve from its start", async () => {
    const database = join(folder, "serve.db");
    const store = await createSqliteStore({ path: database });
    const now = Date.now();
    await withRecords(store, now);
    await withIdempotencyKeys(store, now);
    await store.close();
    const server = endedWithTest(spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--port", "0", "--no-warm-graphs"]));
    let logs = "";
    const exited = new Promise((resolve) => server.once("exit", (code, signal) => resolve(code ?? signal)));
    await new Promise<void>((resolve, reject) => {
      server.stderr.on("data", (chunk: Buffer) => {
        logs += chunk.toString();
        if (logs.includes("deleted expired OAuth records") && logs.includes("deleted expired idempotency keys")) resolve();
      });
      server.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${logs}`)));
    });
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    const reopened = await createSqliteStore({ path: database });
    expect(await remaining(reopened)).toEqual(["live-token", "registered-client"]);
    expect([await failureKept(reopened, "old", now), await failureKept(reopened, "recent", now)]).toEqual([false, true]);
    await reopened.close();
  });
});
