import { describe, expect, it } from "vitest";
import { PLAIN_PROGRESS_INTERVAL_MS } from "./progress-display.js";
import { createTenantRecordsProgressDisplay, tenantRecordsProgressLine } from "./tenant-records-progress.js";

const EXPORT = { command: "export", done: "written" } as const;
const IMPORT = { command: "import", done: "imported" } as const;

describe("tenant export and import progress", () => {
  it("writes a plain line at the first record and then every few seconds when not on a terminal", () => {
    let time = 0;
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const display = createTenantRecordsProgressDisplay(EXPORT, stream, () => time);
    time = 1_000;
    display.update({ kind: "users", done: 1, total: 4 });
    time = 2_000;
    display.update({ kind: "persons", done: 2, total: 4 });
    time = 1_000 + PLAIN_PROGRESS_INTERVAL_MS;
    display.update({ kind: "emails", done: 3, total: 4 });
    display.stop();
    expect(written).toEqual([
      "export: 1 of 4 records written (25%), at users, about 3 s left\n",
      "export: 3 of 4 records written (75%), at emails, about 2 s left\n",
    ]);
  });

  it("guesses no time left before 1% of the records are done", () => {
    expect(tenantRecordsProgressLine(EXPORT, { kind: "users", done: 9, total: 1_000 }, 1_000)).toBe("export: 9 of 1000 records written (0%), at users");
    expect(tenantRecordsProgressLine(EXPORT, { kind: "persons", done: 10, total: 1_000 }, 1_000)).toBe(
      "export: 10 of 1000 records written (1%), at persons, about 1 min 39 s left",
    );
  });

  it("says what the import does to a record", () => {
    expect(tenantRecordsProgressLine(IMPORT, { kind: "users", done: 9, total: 1_000 }, 1_000)).toBe("import: 9 of 1000 records imported (0%), at users");
    expect(tenantRecordsProgressLine(IMPORT, { kind: "persons", done: 500, total: 1_000 }, 3_000)).toBe(
      "import: 500 of 1000 records imported (50%), at persons, about 3 s left",
    );
  });
});
