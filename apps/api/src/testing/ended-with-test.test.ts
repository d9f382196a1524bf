import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { endedWithTest } from "./ended-with-test.js";

describe("endedWithTest", () => {
  let child: ChildProcess;

  it("leaves the process running while its test runs", () => {
    child = endedWithTest(spawn("sleep", ["5"]));
    expect(child.exitCode).toBeNull();
    expect(child.signalCode).toBeNull();
  });

  it("has the process killed once its test ended", async () => {
    if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    expect(child.signalCode).toBe("SIGKILL");
  });
});
