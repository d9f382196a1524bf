/**
 * POST /v1/imports/{import_uuid}/cancel over a real port, a large mailbox's import mid-run: it ends cancelled after its
 * batch in flight, with the summary of exactly what landed.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeLargeMbox } from "../../imports/benchmark/write-large-mbox.js";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const MESSAGES = 10_000;

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;
let folder: string;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  server = await startServer(context.services, { port: 0 });
  folder = mkdtempSync(join(tmpdir(), "rapport-cancel-import-"));
});
afterEach(async () => {
  await server.close(100);
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

async function call(method: "GET" | "POST", path: string) {
  const response = await fetch(`${server.url}${path}`, { method, headers: { "x-api-key": acme.key } });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("cancelling a large mailbox's import over a real port", () => {
  it("stops it mid-run after a batch: the job ends cancelled, and its summary is what the tenant holds", async () => {
    const path = join(folder, "large.mbox");
    await writeLargeMbox(path, { messages: MESSAGES, bodyLines: 2 });
    const form = new FormData();
    form.append("kind", "mbox");
    form.append("file", new File([readFileSync(path)], "large.mbox"));
    const started = await fetch(`${server.url}/v1/imports`, { method: "POST", headers: { "x-api-key": acme.key }, body: form });
    expect(started.status).toBe(202);
    const uuid = ((await started.json()) as { uuid: string }).uuid;

    for (;;) {
      const { body } = await call("GET", `/v1/imports/${uuid}`);
      expect(body.status).toBe("running");
      if (body.summary?.items.written > 0) break;
    }
    const cancelled = await call("POST", `/v1/imports/${uuid}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { status: "cancelled", error: null, summary: { outcome: "interrupted" } } });
    const { summary } = cancelled.body;
    expect(summary.emails.new).toBeGreaterThan(0);
    expect(summary.emails.new).toBeLessThan(MESSAGES);

    await context.services.importJobs.settled();
    let stored = 0;
    for await (const interaction of context.services.store.interactions.all(acme.tenant.uuid)) if (interaction.kind === "email") stored += 1;
    expect(stored).toBe(summary.emails.new);
    expect((await call("GET", `/v1/imports/${uuid}`)).body).toMatchObject({ status: "cancelled", summary: { emails: { new: stored }, items: { written: summary.items.written } } });
  });
});
