import { describe, expect, it } from "vitest";
import { backupProgressLine, createBackupProgressDisplay } from "./backup-progress.js";
import { PLAIN_PROGRESS_INTERVAL_MS } from "./progress-display.js";

const MIB = 1_048_576;

describe("backup progress", () => {
  it("writes a plain line at the first step and then every few seconds when not on a terminal", () => {
    let time = 0;
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const display = createBackupProgressDisplay(stream, () => time);
    time = 1_000;
    display.update({ bytesCopied: 4 * MIB, bytesTotal: 16 * MIB });
    time = 2_000;
    display.update({ bytesCopied: 8 * MIB, bytesTotal: 16 * MIB });
    time = 1_000 + PLAIN_PROGRESS_INTERVAL_MS;
    display.update({ bytesCopied: 12 * MIB, bytesTotal: 16 * MIB });
    expect(written).toEqual(["backup: 4.0 MB of 16.0 MB copied (25%), about 3 s left\n", "backup: 12.0 MB of 16.0 MB copied (75%), about 2 s left\n"]);
  });

  it("leaves out the time left before anything is copied", () => {
    expect(backupProgressLine({ bytesCopied: 0, bytesTotal: 0 }, 1_000)).toBe("backup: 0.0 MB of 0.0 MB copied (0%)");
  });
});
