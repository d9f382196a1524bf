/** Whether a process of this machine has the id `pid`: the writer of an unfinished import (migration 0087) is alive. */
export function processIsRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has it.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
