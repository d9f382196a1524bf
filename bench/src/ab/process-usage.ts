/**
 * @module
 * A process's use of the machine so far, from Linux's `/proc`: its processor time over every thread in nanoseconds
 * (each thread's `schedstat`, finer than the 10 ms ticks of `stat`), its user and system ticks, its minor faults.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcessUsage {
  /** Time on a processor, all live threads, in nanoseconds. */
  runNs: number;
  userTicks: number;
  systemTicks: number;
  minorFaults: number;
}

/** The fields of a `/proc/<pid>/stat` text after the command's name (which may hold spaces and parentheses). */
function statFields(text: string): string[] {
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

/** The usage in the texts of `/proc/<pid>/stat` and each thread's `schedstat`. */
export function usageOf(statText: string, schedstatTexts: readonly string[]): ProcessUsage {
  const fields = statFields(statText);
  return {
    runNs: schedstatTexts.reduce((sum, text) => sum + Number(text.split(" ")[0]), 0),
    minorFaults: Number(fields[7]),
    userTicks: Number(fields[11]),
    systemTicks: Number(fields[12]),
  };
}

/** The usage of process `pid` now (a thread that ends while it is read is left out). */
export function readProcessUsage(pid: number, proc = "/proc"): ProcessUsage {
  const schedstats: string[] = [];
  for (const task of readdirSync(`${proc}/${pid}/task`)) {
    try {
      schedstats.push(readFileSync(`${proc}/${pid}/task/${task}/schedstat`, "utf8"));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return usageOf(readFileSync(`${proc}/${pid}/stat`, "utf8"), schedstats);
}
