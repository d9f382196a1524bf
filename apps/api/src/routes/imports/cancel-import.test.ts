/**
 * POST /v1/imports/{import_uuid}/cancel: a running job stops after its batch in flight, ends cancelled with the
 * summary of what landed (which stays), and a second upload of the file adds exactly the rest.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mailMessage, mboxFile } from "../../imports/testing/archive-builders.js";
import { issueApiKey } from "../../platform/auth/issue-api-key.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const MESSAGES = 4_000;

function mailbox(count: number): string {
  return mboxFile(
    Array.from({ length: count }, (_unused, index) =>
      mailMessage({ messageId: `<cancel-${index}@northwind.example>`, from: `sender${index}@northwind.example`, to: [acme.admin.email], date: "Mon, 2 Nov 2026 10:00:00 +0000", subject: `Note ${index}` }),
    ),
  );
}

async function upload(content: string, key = acme.key): Promise<string> {
  const form = new FormData();
  form.append("kind", "mbox");
  form.append("file", new File([content], "inbox.mbox"));
  const response = await context.app.request("/v1/imports", { method: "POST", headers: { "x-api-key": key }, body: form });
  expect(response.status).toBe(202);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function call(method: "GET" | "POST", path: string, key = acme.key) {
  const response = await context.request(path, { method, key });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const cancel = (uuid: string, key = acme.key) => call("POST", `/v1/imports/${uuid}/cancel`, key);
const read = (uuid: string, key = acme.key) => call("GET", `/v1/imports/${uuid}`, key);

async function storedEmails(): Promise<number> {
  let count = 0;
  for await (const interaction of context.services.store.interactions.all(acme.tenant.uuid)) if (interaction.kind === "email") count += 1;
  return count;
}

/** Reads the job until it has committed a batch and is still running (a batch is 50 of the thousands of messages). */
async function runningWithABatchIn(uuid: string): Promise<void> {
  for (;;) {
    const { body } = await read(uuid);
    expect(body.status).toBe("running");
    if (body.summary?.items.written > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("POST /v1/imports/{import_uuid}/cancel", () => {
  it("stops a running import after its batch in flight: what landed stays, the job ends cancelled saying so, and uploading again adds the rest", async () => {
    const file = mailbox(MESSAGES);
    const uuid = await upload(file);
    await runningWithABatchIn(uuid);

    const cancelled = await cancel(uuid);
    expect(cancelled).toMatchObject({ status: 200, body: { uuid, status: "cancelled", error: null, cancel_requested_at: expect.any(Number), finished_at: expect.any(Number) } });
    const { summary } = cancelled.body;
    expect(summary.outcome).toBe("interrupted");
    expect(summary.items.written).toBeGreaterThan(0);
    expect(summary.items.written).toBeLessThan(MESSAGES);
    // The summary is of what landed, no more and no less.
    expect(await storedEmails()).toBe(summary.emails.new);
    expect(summary.emails.new).toBe(summary.items.written);
    await context.services.importJobs.settled();
    expect(await storedEmails()).toBe(summary.emails.new);
    expect((await read(uuid)).body).toMatchObject({ status: "cancelled", summary: { outcome: "interrupted", emails: { new: summary.emails.new } } });

    // Idempotent: the cancelled job, as it is.
    expect(await cancel(uuid)).toMatchObject({ status: 200, body: { status: "cancelled", finished_at: cancelled.body.finished_at, summary: { emails: { new: summary.emails.new } } } });

    const again = await upload(file);
    await context.services.importJobs.settled();
    expect((await read(again)).body).toMatchObject({ status: "succeeded", summary: { emails: { new: MESSAGES - summary.emails.new, known: summary.emails.new } } });
    expect(await storedEmails()).toBe(MESSAGES);
  });

  it("answers a finished job's cancel with a 409 and leaves it as it ended", async () => {
    const uuid = await upload(mailbox(3));
    await context.services.importJobs.settled();
    const response = await cancel(uuid);
    expect(response).toMatchObject({ status: 409, body: { error: expect.stringContaining("has already succeeded") } });
    expect((await read(uuid)).body).toMatchObject({ status: "succeeded", cancel_requested_at: null, summary: { outcome: "completed", emails: { new: 3 } } });
  });

  it("is another tenant's and an unrelated member's 404, a read-only key's 403, and the starting member's to cancel", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const byAdmin = await upload(mailbox(MESSAGES), acme.adminKey);
    expect(await cancel(byAdmin, other.key)).toMatchObject({ status: 404, body: { error: `import ${byAdmin} not found` } });
    expect(await cancel(byAdmin, acme.memberKey)).toMatchObject({ status: 404, body: { error: `import ${byAdmin} not found` } });
    expect(await cancel("00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 404 });
    const readOnly = await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, label: "assistant", readOnly: true });
    expect((await cancel(byAdmin, readOnly.plaintext)).status).toBe(403);
    expect((await read(byAdmin)).body.cancel_requested_at).toBeNull();

    const byMember = await upload(mailbox(MESSAGES), acme.memberKey);
    expect(await cancel(byMember, acme.memberKey)).toMatchObject({ status: 200, body: { status: "cancelled" } });
    expect(await cancel(byAdmin, acme.adminKey)).toMatchObject({ status: 200, body: { status: "cancelled" } });
  });

  it("ends cancelled a job whose server stopped after the cancel another server took, with the progress it committed", async () => {
    const uuid = await upload(mailbox(3));
    await context.services.importJobs.settled();
    // As another node's job would be: unfinished, its runner gone, a cancel recorded for it.
    const job = await context.services.store.importJobs.create(acme.tenant.uuid, { kind: "mbox", dry_run: false, created_by_user_uuid: null, runner: "pid-999999999@elsewhere/gone" });
    await context.services.store.importJobs.start(acme.tenant.uuid, job.uuid);
    const progress = (await read(uuid)).body.summary;
    await context.services.store.importJobs.progress(acme.tenant.uuid, job.uuid, { items_processed: 3, bytes_processed: 10, summary: { ...progress, outcome: "completed" } });
    const recorded = await cancel(job.uuid);
    expect(recorded).toMatchObject({ status: 202, body: { status: "running", cancel_requested_at: expect.any(Number) } });
    context.clock.advance(60_000);
    expect((await read(job.uuid)).body).toMatchObject({ status: "cancelled", error: null, summary: { outcome: "interrupted", emails: { new: 3 } } });
  });
});
