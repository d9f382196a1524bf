import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../platform/logging/logger.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { createImportJobs } from "./import-jobs.js";
import { processFolderName } from "./process-upload-folders.js";

let context: TestContext;
beforeEach(async () => {
  context = await createTestContext();
});
afterEach(() => context.close());

describe("createImportJobs' upload folders", () => {
  it("saves this process's uploads in its own folder under rapport-imports, named after its host and process id", async () => {
    const jobs = createImportJobs({ store: context.services.store, clock: context.clock, logger: createLogger({ level: "silent" }) });
    const place = await jobs.prepareUpload("inbox.mbox");
    try {
      // A server starting removes a folder so named once its process is gone, and only then.
      expect(dirname(place.folder)).toBe(join(tmpdir(), "rapport-imports", processFolderName(process.pid)));
      expect(existsSync(place.folder)).toBe(true);
    } finally {
      await jobs.discardUpload(place);
    }
    expect(existsSync(place.folder)).toBe(false);
  });

  it("removes this process's own folder when it stops with nothing left in it, and keeps a folder given to it", async () => {
    const logger = createLogger({ level: "silent" });
    const jobs = createImportJobs({ store: context.services.store, clock: context.clock, logger });
    const place = await jobs.prepareUpload("inbox.mbox");
    await jobs.discardUpload(place);
    expect(existsSync(dirname(place.folder))).toBe(true);
    await jobs.stop();
    expect(existsSync(dirname(place.folder))).toBe(false);

    const given = mkdtempSync(join(tmpdir(), "rapport-given-uploads-"));
    try {
      const withFolder = createImportJobs({ store: context.services.store, clock: context.clock, logger, folder: given });
      await withFolder.discardUpload(await withFolder.prepareUpload("inbox.mbox"));
      await withFolder.stop();
      expect(existsSync(given)).toBe(true);
    } finally {
      rmSync(given, { recursive: true, force: true });
    }
  });
});
