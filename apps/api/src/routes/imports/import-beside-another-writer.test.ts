/**
 * POST /v1/imports over a real port while another connection to the database file takes the write lock between two
 * of the job's batches, or as a dry run's job records its progress, and keeps it past the server's lock wait: the job waits
 * its turn and imports the whole archive, instead of failing there with "import failed: database is locked".
 */
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPLOAD_BATCH_SIZE } from "../../imports/import-jobs.js";
import { mailMessage, mboxFile } from "../../imports/testing/archive-builders.js";
import { startServer, type RunningServer } from "../../server.js";
import { takeLockMidBatch } from "../../testing/take-lock-mid-batch.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

/** The server's wait for another connection's write lock, shortened from 5 s: what is tested is what follows it. */
const LOCK_WAIT_MS = 100;
const MESSAGES = 8 * UPLOAD_BATCH_SIZE;

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;

beforeEach(async () => {
  context = await createTestContext({ lockWaitMs: LOCK_WAIT_MS });
  acme = await buildTenant(context.services);
  server = await startServer(context.services, { port: 0 });
});
afterEach(async () => {
  await server.close(100);
  await context.close();
});

function archiveOf(messages: number): string {
  return mboxFile(
    Array.from({ length: messages }, (_unused, index) =>
      mailMessage({
        messageId: `<locked-${index}@northwind.example>`,
        from: "Jordan Blake <jordan@northwind.example>",
        to: [acme.admin.email],
        date: "Mon, 2 Nov 2026 09:00:00 +0000",
        subject: `Update ${index}`,
      }),
    ),
  );
}

/** Uploads an mbox of `MESSAGES` messages; the job's uuid. */
async function uploadArchive({ dryRun = false } = {}): Promise<string> {
  const form = new FormData();
  form.append("kind", "mbox");
  if (dryRun) form.append("dry_run", "true");
  form.append("file", new File([archiveOf(MESSAGES)], "inbox.mbox"));
  const started = await fetch(`${server.url}/v1/imports`, { method: "POST", headers: { "x-api-key": acme.key }, body: form });
  expect(started.status).toBe(202);
  return ((await started.json()) as { uuid: string }).uuid;
}

/** Waits for the job to end, then checks it imported every message, and that they are stored. */
async function expectWholeImport(jobUuid: string): Promise<void> {
  await context.services.importJobs.settled();
  const done = (await (await fetch(`${server.url}/v1/imports/${jobUuid}`, { headers: { "x-api-key": acme.key } })).json()) as Record<string, any>;
  expect(done.error).toBeNull();
  expect(done).toMatchObject({ status: "succeeded", summary: { outcome: "completed", emails: { new: MESSAGES, known: 0 } } });
  const emails = (await (await fetch(`${server.url}/v1/emails?per_page=1`, { headers: { "x-api-key": acme.key } })).json()) as { total: number };
  expect(emails.total).toBe(MESSAGES);
}

describe("an upload's import beside another writer", { timeout: 60_000 }, () => {
  it("waits for the lock another process keeps past the wait between two batches, and imports every message", async () => {
    const lockTaken = takeLockMidBatch(
      context.databasePath,
      `select count(*) from emails where tenant_uuid = '${acme.tenant.uuid}'`,
      MESSAGES,
      // Past the server's wait, and past its every write's: the batch and the progress written after the one before.
      4 * LOCK_WAIT_MS,
    );
    const job = await uploadArchive();
    // The other writer kept the lock part-way through the archive.
    const storedWhenLocked = await lockTaken;
    expect(storedWhenLocked).toBeGreaterThan(0);
    expect(storedWhenLocked).toBeLessThan(MESSAGES);
    await expectWholeImport(job);
  });

  it("goes on when the lock is kept past the wait as a dry run records its progress", async () => {
    const { importJobs } = context.services.store;
    const record = importJobs.progress.bind(importJobs);
    const other = new SqliteDatabase(context.databasePath);
    let locked = 0;
    // After the first batch, another process takes the lock just before the job writes its progress: a dry run's is
    // a write of its own (a real run's goes in its batch's transaction, which waits as above).
    const progress = vi.spyOn(importJobs, "progress").mockImplementation(async (...args) => {
      if (locked === 0 && (args[2].items_processed ?? 0) > 0) {
        locked += 1;
        other.exec("begin immediate");
        setTimeout(() => other.exec("rollback"), 4 * LOCK_WAIT_MS);
      }
      return record(...args);
    });
    try {
      const job = await uploadArchive({ dryRun: true });
      await context.services.importJobs.settled();
      const done = (await (await fetch(`${server.url}/v1/imports/${job}`, { headers: { "x-api-key": acme.key } })).json()) as Record<string, any>;
      expect(done).toMatchObject({ status: "succeeded", error: null, dry_run: true, summary: { outcome: "completed", emails: { new: MESSAGES } } });
      expect(locked).toBe(1);
    } finally {
      progress.mockRestore();
      other.close();
    }
  });
});
