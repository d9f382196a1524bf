/** `claimerStopped`: which claimers of an `Idempotency-Key` are processes known to have stopped. */
import { describe, expect, it } from "vitest";
import { claimerStopped, THIS_PROCESS_CLAIMER } from "./idempotency-claimer.js";

const options = { self: "pid-7@web-1/b", pid: 7, host: "web-1", isRunning: (pid: number) => pid === 7 || pid === 8 };

describe("claimerStopped", () => {
  it("is true for a process of this host that no longer runs, and for an earlier process of this process's id", () => {
    expect(claimerStopped("pid-9@web-1/a", options)).toBe(true);
    expect(claimerStopped("pid-7@web-1/a", options)).toBe(true);
  });

  it("is false for this process, a running one, another host's and a claimer not named as a process", () => {
    expect(["pid-7@web-1/b", "pid-8@web-1/a", "pid-9@web-2/a", "server-a", "pid-9@web-1"].map((claimer) => claimerStopped(claimer, options))).toEqual([false, false, false, false, false]);
    expect(claimerStopped(THIS_PROCESS_CLAIMER)).toBe(false);
  });
});
