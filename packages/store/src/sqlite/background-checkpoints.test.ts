import { describe, expect, it } from "vitest";
import { startBackgroundCheckpoints } from "./background-checkpoints.js";
import type { CheckpointMode, CheckpointResult } from "./checkpoint-worker.js";

/** Timers run by hand, and the checkpoints asked for, each answering `log` frames. */
function harness(logs: Array<number | { log: number; checkpointed: number }>) {
  const timers: Array<{ run: () => void; delayMs: number; cleared: boolean }> = [];
  const asked: CheckpointMode[] = [];
  const checkpoint = async (mode: CheckpointMode): Promise<CheckpointResult> => {
    asked.push(mode);
    if (mode !== "passive") return { busy: 0, log: 0, checkpointed: 0 };
    const next = logs.shift();
    if (next === undefined) throw new Error("the database is closed");
    return typeof next === "number" ? { busy: 0, log: next, checkpointed: next } : { busy: 1, ...next };
  };
  const options = {
    checkpoint,
    intervalMs: 250,
    restartAbovePages: 100,
    setTimer: (run: () => void, delayMs: number) => {
      const timer = { run, delayMs, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  };
  const tick = async () => {
    const timer = timers.at(-1)!;
    expect(timer.cleared).toBe(false);
    timer.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { timers, asked, options, tick };
}

describe("startBackgroundCheckpoints", () => {
  it("asks for a passive checkpoint at each interval, and a restart too when the WAL has grown past the limit", async () => {
    const { timers, asked, options, tick } = harness([10, 500, 20]);
    const checkpoints = startBackgroundCheckpoints(options);
    expect(asked).toEqual([]);
    expect(timers.map((timer) => timer.delayMs)).toEqual([250]);
    await tick();
    expect(asked).toEqual(["passive"]);
    await tick();
    expect(asked).toEqual(["passive", "passive", "restart"]);
    await tick();
    expect(asked).toEqual(["passive", "passive", "restart", "passive"]);
    expect(timers).toHaveLength(4);
    await checkpoints.close();
    expect(timers.at(-1)!.cleared).toBe(true);
  });

  it("asks for no restart while a reader keeps older frames from being copied", async () => {
    const { asked, options, tick } = harness([{ log: 500, checkpointed: 200 }, 500]);
    const checkpoints = startBackgroundCheckpoints(options);
    await tick();
    expect(asked).toEqual(["passive"]);
    await tick();
    expect(asked).toEqual(["passive", "passive", "restart"]);
    await checkpoints.close();
  });

  it("goes on after a failed checkpoint and asks for none once closed", async () => {
    const { timers, asked, options, tick } = harness([]);
    const checkpoints = startBackgroundCheckpoints(options);
    await tick();
    expect(asked).toEqual(["passive"]);
    expect(timers).toHaveLength(2);
    await checkpoints.close();
    timers.at(-1)!.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(["passive"]);
  });

  it("refuses an interval that is not a positive number of milliseconds, naming it", () => {
    const { options } = harness([]);
    expect(() => startBackgroundCheckpoints({ ...options, intervalMs: 0 })).toThrow(/startBackgroundCheckpoints: .*"intervalMs".*got 0/);
  });
});
