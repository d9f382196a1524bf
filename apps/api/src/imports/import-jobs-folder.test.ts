import { existsSync } from "node:fs";
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
});
