/** A job the disk stops counts as one refusal in the server's storage-failure log, however its ending is recorded. */
import { writeFileSync } from "node:fs";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStorageFaults } from "../platform/errors/storage-faults.js";
import { buildTenant, createTestContext, type TestContext } from "../testing/test-harness.js";
import { createImportJobs } from "./import-jobs.js";
import { mailMessage, mboxFile } from "./testing/archive-builders.js";
import { importRequest } from "./testing/import-test-bed.js";

let context: TestContext;
beforeEach(async () => {
  context = await createTestContext();
});
afterEach(() => context.close());

// As SQLite fails a write on a full disk (and rolls its transaction back).
const diskFull = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });

describe("an import job a full disk stops", () => {
  it("is one refusal in the log when the disk refuses its \"failed\" too (it counted two)", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const storageFaults = createStorageFaults(logger);
    const { store } = context.services;
    const acme = await buildTenant(context.services);
    const jobs = createImportJobs({ store, clock: context.clock, logger, storageFaults });
    const batches = vi.spyOn(store, "transaction").mockRejectedValue(diskFull());
    const ending = vi.spyOn(store.importJobs, "finish").mockRejectedValue(diskFull());
    try {
      const file = mboxFile([mailMessage({ messageId: "<m1@globex.example>", from: "jane@globex.example", to: ["ada@acme.example"], date: "Mon, 2 Nov 2026 10:00:00 +0000" })]);
      const place = await jobs.prepareUpload("inbox.mbox");
      writeFileSync(place.path, file);
      await jobs.start({ tenantUuid: acme.tenant.uuid, createdByUserUuid: null, owner: null, request: importRequest("mbox"), upload: { ...place, name: "inbox.mbox", bytes: Buffer.byteLength(file) } });
      await jobs.settled();
    } finally {
      batches.mockRestore();
      ending.mockRestore();
    }
    storageFaults.wroteAgain();
    expect(lines.filter((line) => line.failure === "disk_full" && line.level === 50)).toHaveLength(1);
    expect(lines.find((line) => line.msg === "database writes succeed again")).toMatchObject({ failure: "disk_full", refused: 1 });
    await jobs.stop();
  });
});
