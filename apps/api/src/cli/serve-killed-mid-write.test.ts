/**
 * `rapport serve` killed (SIGKILL, as a crash, the OOM killer or a power loss end it) while email batches sent with an
 * `Idempotency-Key` are written: each batch is whole or absent, and after the restart the key of one that was written
 * gives its first answer again while the key of one that was not runs it afresh, at once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-killed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const BATCHES = 3;
const MESSAGES = 500;

/** Batch `batch`: 500 messages of its own among 40 persons, each with the team's user. */
function emailBatch(batch: number) {
  return {
    messages: Array.from({ length: MESSAGES }, (_, message) => ({
      message_id: `<b${batch}-m${message}@killed.example>`,
      sent_at: new Date(Date.UTC(2026, 10, 2) + batch * 60_000 + message).toISOString(),
      from: `p${(batch * 7 + message) % 40}@northwind.example`,
      to: ["ada@acme.example"],
    })),
  };
}

/** The emails of each batch in the database, read while no server runs. */
function emailsPerBatch(database: string): number[] {
  const db = new SqliteDatabase(database, { readonly: true });
  try {
    const count = db.prepare<[string], { n: number }>("select count(*) as n from emails where message_id like ?");
    return Array.from({ length: BATCHES }, (_, batch) => count.get(`<b${batch}-m%`)!.n);
  } finally {
    db.close();
  }
}

/** Resolves once the database holds the claim of a key whose write has not answered yet (read every few ms). */
async function untilClaimedUnanswered(database: string): Promise<void> {
  const db = new SqliteDatabase(database, { readonly: true });
  try {
    const claimed = db.prepare("select 1 from idempotent_requests where status is null");
    while (claimed.get() === undefined) await new Promise((resolve) => setTimeout(resolve, 2));
  } finally {
    db.close();
  }
}

describe("rapport serve killed in the middle of writes", { timeout: 90_000 }, () => {
  it("leaves each email batch whole or absent; a batch's key replays its answer if written, and runs it afresh if not", async () => {
    const database = join(folder, "killed.db");
    const json = async (...args: string[]) => JSON.parse((await runRapportInProcess(database, "--json", ...args)).stdout) as Record<string, string>;
    const tenant = (await json("tenants", "create", "--name", "Acme", "--tier", "custom", "--per-second", "100000", "--monthly", "1000000")).uuid!;
    const user = (await json("users", "create", "--tenant", tenant, "--name", "Ada Park", "--email", "ada@acme.example")).uuid!;
    const key = (await json("keys", "create", "--tenant", tenant, "--user", user)).key!;
    const send = async (url: string, batch: number) => {
      const response = await fetch(`${url}/v1/emails/batch`, {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json", "idempotency-key": `batch-${batch}` },
        body: JSON.stringify(emailBatch(batch)),
      });
      return { status: response.status, replayed: response.headers.get("idempotent-replayed"), text: await response.text() };
    };

    const first = await startRapportServer(database);
    const answers: Array<{ status: number; text: string } | undefined> = [];
    const sent = Array.from({ length: BATCHES }, (_, batch) => send(first.url, batch).then((answer) => (answers[batch] = answer), () => undefined));
    // Killed once a batch is answered and another's key is claimed: that one is being written or just was.
    await Promise.race(sent);
    await untilClaimedUnanswered(database);
    await first.kill();
    const written = emailsPerBatch(database);
    expect(written.every((count) => count === 0 || count === MESSAGES), `emails per batch: ${written.join(", ")}`).toBe(true);
    expect(written).toContain(0);

    const second = await startRapportServer(database);
    try {
      for (let batch = 0; batch < BATCHES; batch += 1) {
        const again = await send(second.url, batch);
        expect(again.status, again.text).toBe(200);
        const first = answers[batch];
        // A written batch's answer was kept with it, unless the kill came between the two (the batch is then
        // recognized by its message ids: the retry writes nothing again); an absent one runs now, not a 409.
        if (first !== undefined) expect(again).toEqual({ ...first, replayed: "true" });
        else if (written[batch] === 0) expect(again.replayed).toBeNull();
      }
    } finally {
      await second.stop();
    }

    const db = new SqliteDatabase(database, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);
      // Every batch once, and the activity feed numbered 1, 2, 3... without a gap a poller would read past.
      expect(db.prepare("select count(*) as n from emails").get()).toEqual({ n: BATCHES * MESSAGES });
      expect(db.prepare("select count(*) as n, min(sequence) as low, max(sequence) as high from activity_feed").get()).toEqual({ n: BATCHES * MESSAGES, low: 1, high: BATCHES * MESSAGES });
    } finally {
      db.close();
    }
  });
});
