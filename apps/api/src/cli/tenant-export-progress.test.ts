import { describe, expect, it } from "vitest";
import { PLAIN_PROGRESS_INTERVAL_MS } from "./progress-display.js";
import { createTenantExportProgressDisplay, tenantExportProgressLine } from "./tenant-export-progress.js";

describe("tenant export progress", () => {
  it("writes a plain line at the first record and then every few seconds when not on a terminal", () => {
    let time = 0;
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const display = createTenantExportProgressDisplay(stream, () => time);
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

  it("guesses no time left before 1% of the records are written", () => {
    expect(tenantExportProgressLine({ kind: "users", done: 9, total: 1_000 }, 1_000)).toBe("export: 9 of 1000 records written (0%), at users");
    expect(tenantExportProgressLine({ kind: "persons", done: 10, total: 1_000 }, 1_000)).toBe("export: 10 of 1000 records written (1%), at persons, about 1 min 39 s left");
  });
});
