import { describe, expect, it } from "vitest";
import { emptySummary } from "../imports/import-summary.js";
import { createImportProgressDisplay, progressLine } from "./import-progress.js";
import { PLAIN_PROGRESS_INTERVAL_MS } from "./progress-display.js";

function summaryAt(read: number, bytesRead: number) {
  const summary = emptySummary("mbox", false);
  summary.items.read = read;
  summary.items.written = read - 1;
  summary.problems.count = 1;
  summary.bytes_read = bytesRead;
  summary.bytes_total = 4 * 1_048_576;
  return summary;
}

describe("import progress", () => {
  it("writes a plain line at the first batch and then every few seconds when not on a terminal", () => {
    let time = 0;
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const display = createImportProgressDisplay(stream, () => time);
    time = 2_000;
    display.update(summaryAt(2_000, 1_048_576));
    time = 3_000;
    display.update(summaryAt(3_000, 2 * 1_048_576));
    time = 2_000 + PLAIN_PROGRESS_INTERVAL_MS;
    display.update(summaryAt(7_000, 3 * 1_048_576));
    expect(written).toEqual([
      "import: 2000 items read (1999 written, 1 problem), 25% of 4.0 MB, about 6 s left, 1000 items/s\n",
      "import: 7000 items read (6999 written, 1 problem), 75% of 4.0 MB, about 2 s left, 1000 items/s\n",
    ]);
  });

  it("says a dry run writes nothing and counts what it would write", () => {
    const summary = summaryAt(10, 0);
    summary.dry_run = true;
    summary.bytes_total = null;
    expect(progressLine(summary, 1_000)).toBe("import (dry run, nothing written): 10 items read (9 to write, 1 problem), 10 items/s");
  });

  it("leaves out the share and time left when the size is unknown", () => {
    const summary = summaryAt(10, 0);
    summary.bytes_total = null;
    expect(progressLine(summary, 1_000)).toBe("import: 10 items read (9 written, 1 problem), 10 items/s");
  });
});
