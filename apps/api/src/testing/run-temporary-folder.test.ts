/** The API tests write to the OS temp folder through a folder of the run's own, which the run removes at its end. */
import { tmpdir } from "node:os";
import { dirname } from "node:path";
import { describe, expect, inject, it } from "vitest";

describe("the tests' temporary folder", () => {
  it("is the run's own folder inside the system's, for this worker and the processes it starts", () => {
    const runFolder = inject("temporaryFolder");
    expect(tmpdir()).toBe(runFolder);
    expect(process.env.TMPDIR).toBe(runFolder);
    expect(dirname(inject("migratedDatabasePath"))).toMatch(new RegExp(`^${runFolder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/rapport-api-migrated-`));
  });
});
