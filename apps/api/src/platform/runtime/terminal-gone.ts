/**
 * Whether a write error on the process's output means its terminal is gone: a closed terminal window or ssh session
 * answers every write with `EIO`. The SIGHUP that comes with it stops a command cleanly (cli/stopping-signals.ts);
 * what it writes meanwhile is lost, which must not end it, or hang it, before that stop is done.
 */
export function terminalGone(error: NodeJS.ErrnoException): boolean {
  return error.code === "EIO";
}
