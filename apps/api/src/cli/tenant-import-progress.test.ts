import { describe, expect, it } from "vitest";
import { tenantImportProgressLine } from "./tenant-import-progress.js";

describe("tenant import progress", () => {
  it("says the records imported, the kind and, from 1% on, the time left", () => {
    expect(tenantImportProgressLine({ kind: "users", done: 9, total: 1_000 }, 1_000)).toBe("import: 9 of 1000 records imported (0%), at users");
    expect(tenantImportProgressLine({ kind: "persons", done: 500, total: 1_000 }, 3_000)).toBe("import: 500 of 1000 records imported (50%), at persons, about 3 s left");
  });
});
