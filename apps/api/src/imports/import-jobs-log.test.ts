/** An upload's import job says in the server's log that it finished, with its counts, never its file's name or mail. */
import { writeFileSync } from "node:fs";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext } from "../testing/test-harness.js";
import { createImportJobs } from "./import-jobs.js";
import { mailMessage, mboxFile } from "./testing/archive-builders.js";
import { importRequest } from "./testing/import-test-bed.js";

let context: TestContext;
beforeEach(async () => {
  context = await createTestContext();
});
afterEach(() => context.close());

/** Import jobs logging to `lines` run one job on `file`, uploaded as `name`, to its end or stopped at once. */
async function runJob(lines: Record<string, unknown>[], name: string, file: string, options: { stopAtOnce?: boolean } = {}) {
  const acme = await buildTenant(context.services);
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const jobs = createImportJobs({ store: context.services.store, clock: context.clock, logger });
  const place = await jobs.prepareUpload(name);
  writeFileSync(place.path, file);
  const job = await jobs.start({ tenantUuid: acme.tenant.uuid, createdByUserUuid: null, owner: null, request: importRequest("mbox"), upload: { ...place, name, bytes: Buffer.byteLength(file) } });
  // A server's stop (SIGTERM) while the job runs, or its end.
  if (!options.stopAtOnce) await jobs.settled();
  await jobs.stop();
  return { job, tenantUuid: acme.tenant.uuid };
}

describe("an import job's log line", () => {
  it("says the job finished, with its tenant, kind, status and counts, and nothing of its file", async () => {
    const lines: Record<string, unknown>[] = [];
    const messages = [1, 2, 3].map((index) =>
      mailMessage({ messageId: `<m${index}@globex.example>`, from: "Jane Secret <jane.secret@globex.example>", to: ["ada@acme.example"], date: "Mon, 2 Nov 2026 10:00:00 +0000", subject: "Merger talks" }),
    );
    const { job, tenantUuid } = await runJob(lines, "Jane Secret mailbox.mbox", mboxFile(messages));
    const finished = lines.filter((line) => line.msg === "import job finished");
    expect(finished).toEqual([
      expect.objectContaining({ level: 30, job: job.uuid, tenant: tenantUuid, kind: "mbox", dryRun: false, status: "succeeded", outcome: "completed", items: expect.objectContaining({ read: 3, written: 3 }) }),
    ]);
    expect(finished[0]!.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toMatch(/Jane|Secret|globex|Merger/i);
  });

  it("says a job a stop interrupted finished failed, interrupted, with what it had read", async () => {
    const lines: Record<string, unknown>[] = [];
    const messages = Array.from({ length: 2000 }, (_, index) =>
      mailMessage({ messageId: `<m${index}@globex.example>`, from: `jane${index}@globex.example`, to: ["ada@acme.example"], date: "Mon, 2 Nov 2026 10:00:00 +0000" }),
    );
    const { job } = await runJob(lines, "Jane Secret mailbox.mbox", mboxFile(messages), { stopAtOnce: true });
    const finished = lines.filter((line) => line.msg === "import job finished");
    expect(finished).toEqual([expect.objectContaining({ job: job.uuid, status: "failed", outcome: "interrupted" })]);
    expect((finished[0]!.items as { read: number }).read).toBeLessThan(2000);
    expect(JSON.stringify(lines)).not.toMatch(/Jane|Secret|globex/i);
  });
});
