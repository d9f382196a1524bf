import { describe, expect, it } from "vitest";
import { PLAIN_PROGRESS_INTERVAL_MS } from "./progress-display.js";
import { createTenantPurgeProgressDisplay, tenantPurgeProgressLine } from "./tenant-purge-progress.js";

describe("tenant purge progress", () => {
  it("writes a plain line at the first step and then every few seconds when not on a terminal", () => {
    let time = 0;
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const display = createTenantPurgeProgressDisplay(stream, () => time);
    time = 2_000;
    display.update({ table: "activity_feed", removed: 1_000, done: 1_000, total: 4_000 });
    time = 3_000;
    display.update({ table: "emails", removed: 1_000, done: 2_000, total: 4_000 });
    time = 2_000 + PLAIN_PROGRESS_INTERVAL_MS;
    display.update({ table: "emails", removed: 1_000, done: 3_000, total: 4_000 });
    display.stop();
    expect(written).toEqual([
      "purge: 1000 of 4000 rows removed (25%), at activity_feed, about 6 s left\n",
      "purge: 3000 of 4000 rows removed (75%), at emails, about 2 s left\n",
    ]);
  });

  it("draws a bar of the rows removed on a terminal", () => {
    let drawn = "";
    const stream = {
      isTTY: true,
      columns: 120,
      write: (text: string) => {
        drawn += text;
        return true;
      },
      cursorTo: () => true,
      moveCursor: () => true,
      clearLine: () => true,
      clearScreenDown: () => true,
    } as unknown as NodeJS.WriteStream;
    const display = createTenantPurgeProgressDisplay(stream);
    display.update({ table: "persons", removed: 500, done: 500, total: 2_000 });
    display.stop();
    expect(drawn).toContain("25% | 500 of 2000 rows | persons");
  });

  it("leaves out the time left before anything is removed", () => {
    expect(tenantPurgeProgressLine({ table: "emails", removed: 0, done: 0, total: 0 }, 1_000)).toBe("purge: 0 of 0 rows removed (0%), at emails");
  });
});
