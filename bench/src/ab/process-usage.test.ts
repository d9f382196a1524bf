import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readProcessUsage, usageOf } from "./process-usage.js";

// A /proc/<pid>/stat line whose command name holds a space and a parenthesis, as a thread's name may.
const STAT = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 9876 0 3 0 1500 230 0 0 20 0 11 0 100 0 0";

describe("usageOf", () => {
  it("reads faults and ticks after the command's name, and adds the threads' time on a processor", () => {
    expect(usageOf(STAT, ["1000000 50 7\n", "2500000 10 2\n"])).toEqual({ runNs: 3_500_000, minorFaults: 9876, userTicks: 1500, systemTicks: 230 });
  });
});

describe("readProcessUsage", () => {
  let proc: string | undefined;
  afterEach(() => {
    if (proc) rmSync(proc, { recursive: true, force: true });
  });

  it("reads a process's stat and every thread's schedstat under the given /proc", () => {
    proc = mkdtempSync(join(tmpdir(), "proc-"));
    for (const [task, ns] of [
      ["4242", 700],
      ["4243", 300],
    ] as const) {
      mkdirSync(join(proc, "4242", "task", task), { recursive: true });
      writeFileSync(join(proc, "4242", "task", task, "schedstat"), `${ns} 0 0\n`);
    }
    writeFileSync(join(proc, "4242", "stat"), STAT);
    expect(readProcessUsage(4242, proc)).toEqual({ runNs: 1000, minorFaults: 9876, userTicks: 1500, systemTicks: 230 });
  });

  it("reads this very process on Linux", () => {
    if (process.platform !== "linux") return;
    const usage = readProcessUsage(process.pid);
    expect(usage.runNs).toBeGreaterThan(0);
    // A Node process has touched fresh pages by now: a field read from the wrong place would be 0 or NaN.
    expect(usage.minorFaults).toBeGreaterThan(0);
  });
});
