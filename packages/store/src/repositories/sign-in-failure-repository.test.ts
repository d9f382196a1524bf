/** Failed sign-ins counted in sliding windows, shared by every store on the database file and kept across a restart. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { SignInFailureLimit } from "../store.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryDatabasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-store-sign-in-"));
  folders.push(folder);
  return join(folder, "rapport.db");
}

const MINUTE = 60_000;
const email: SignInFailureLimit = { subject: "email:a", limit: 3, windowMs: 15 * MINUTE };
const address: SignInFailureLimit = { subject: "address:x", limit: 5, windowMs: 15 * MINUTE };

describe("signInFailures", () => {
  it("admits attempts until a subject has its limit of failures in the window, then answers when it is below it again", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const start = 1_000_000_000;
    for (const minute of [0, 1, 2]) expect(await store.signInFailures.admit(start + minute * MINUTE, [email, address])).toMatchObject({ admitted: true });
    // The first failure leaves the window 15 minutes after it: one more attempt then.
    expect(await store.signInFailures.admit(start + 3 * MINUTE, [email, address])).toEqual({ admitted: false, retryAt: start + 15 * MINUTE });
    expect(await store.signInFailures.admit(start + 15 * MINUTE - 1, [email])).toEqual({ admitted: false, retryAt: start + 15 * MINUTE });
    expect(await store.signInFailures.admit(start + 15 * MINUTE, [email])).toMatchObject({ admitted: true });
    expect(await store.signInFailures.admit(start + 15 * MINUTE, [email])).toEqual({ admitted: false, retryAt: start + 16 * MINUTE });
    // A refused attempt was not noted: the address has the three admitted ones only.
    const other = { ...email, subject: "email:b" };
    expect(await store.signInFailures.admit(start + 4 * MINUTE, [other, address])).toMatchObject({ admitted: true });
    expect(await store.signInFailures.admit(start + 5 * MINUTE, [other, address])).toMatchObject({ admitted: true });
    expect(await store.signInFailures.admit(start + 6 * MINUTE, [{ ...email, subject: "email:c" }, address])).toEqual({ admitted: false, retryAt: start + 15 * MINUTE });
    await store.close();
  });

  it("answers the latest time when several subjects are at their limits", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const tight = { subject: "address:y", limit: 1, windowMs: 30 * MINUTE };
    expect(await store.signInFailures.admit(0, [email, tight])).toMatchObject({ admitted: true });
    expect(await store.signInFailures.admit(MINUTE, [email])).toMatchObject({ admitted: true });
    expect(await store.signInFailures.admit(2 * MINUTE, [email])).toMatchObject({ admitted: true });
    expect(await store.signInFailures.admit(3 * MINUTE, [email, tight])).toEqual({ admitted: false, retryAt: 30 * MINUTE });
    await store.close();
  });

  it("forgets an attempt that did not fail, clears a subject, and deletes the failures no window counts", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    const first = await store.signInFailures.admit(0, [email, address]);
    if (!first.admitted) throw new Error("refused");
    expect(first.failureIds).toHaveLength(2);
    await store.signInFailures.forget(first.failureIds);
    await store.signInFailures.forget([]);
    for (const minute of [1, 2, 3]) await store.signInFailures.admit(minute * MINUTE, [email, address]);
    expect(await store.signInFailures.admit(4 * MINUTE, [email])).toMatchObject({ admitted: false });
    expect(await store.signInFailures.clear(email.subject)).toBe(3);
    expect(await store.signInFailures.admit(4 * MINUTE, [email])).toMatchObject({ admitted: true });
    // The address kept its three (plus none from the forgotten attempt); the one at minute 4 was the email's alone.
    expect(await store.signInFailures.deleteBefore(3 * MINUTE)).toBe(2);
    expect(await store.signInFailures.deleteBefore(3 * MINUTE)).toBe(0);
    await store.close();
  });

  it("counts across stores on one database file and across a restart, never admitting more than the limit between them", async () => {
    const path = temporaryDatabasePath();
    const first = await createSqliteStore({ path });
    const second = await createSqliteStore({ path });
    const attempts = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 ? first : second).signInFailures.admit(MINUTE, [email])));
    expect(attempts.filter((attempt) => attempt.admitted)).toHaveLength(3);
    await first.close();
    await second.close();
    const reopened = await createSqliteStore({ path });
    expect(await reopened.signInFailures.admit(2 * MINUTE, [email])).toEqual({ admitted: false, retryAt: 16 * MINUTE });
    await reopened.close();
  });

  it("refuses an attempt without the write lock, so a flood of refused attempts never waits for or holds it", async () => {
    const path = temporaryDatabasePath();
    // A wait for the lock would spend a minute: past the test's time limit, so waiting fails it, unbounded by a clock.
    const store = await createSqliteStore({ path, lockWaitMs: 60_000 });
    for (const minute of [0, 1, 2]) await store.signInFailures.admit(minute * MINUTE, [email]);
    const writer = new SqliteDatabase(path);
    writer.exec("begin immediate");
    try {
      expect(await store.signInFailures.admit(3 * MINUTE, [email])).toEqual({ admitted: false, retryAt: 15 * MINUTE });
    } finally {
      writer.exec("rollback");
      writer.close();
    }
    await store.close();
  });
});
