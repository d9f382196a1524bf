/** @module Test helper: a process a test starts (a server, say) that must not outlive the test, whether it passes or fails. */
import type { ChildProcess } from "node:child_process";
import { onTestFinished } from "vitest";

/**
 * Gives `child`, killed (SIGKILL) when the running test ends unless it has exited by then: a test failing before it
 * stops its server left a `rapport serve` running after the worker, holding a port, a core and its database.
 *
 * @example
 * const server = endedWithTest(spawn(process.execPath, [CLI_PATH, "--db", database, "serve", "--port", "0"]));
 */
export function endedWithTest<Child extends ChildProcess>(child: Child): Child {
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return child;
}
