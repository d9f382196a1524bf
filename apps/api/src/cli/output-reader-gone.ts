/**
 * Whether a write error on the command line's output means its reader went away (`rapport keys list | head -2`):
 * a shell's pipe reports `EPIPE`; the socket pair a parent process spawns us with (Node's `child_process`)
 * may report `ECONNRESET` instead when the reader closes with bytes unread.
 */
export function outputReaderGone(error: NodeJS.ErrnoException): boolean {
  return error.code === "EPIPE" || error.code === "ECONNRESET";
}

let readerGoneEndsProcess = true;

/**
 * For a command that keeps running whatever becomes of its output (`rapport serve`, whose log reader may go: a
 * `| tee` stopped, a log collector restarted): from now on, its output's reader going away drops what it writes
 * instead of ending the process. Ending a server there stopped it without its drain, and exited 0, which a service
 * manager does not restart; and exiting with log lines still buffered for the gone pipe hung the process for good.
 */
export function keepRunningWhenOutputReaderGoes(): void {
  readerGoneEndsProcess = false;
}

/** Whether the output's reader going away ends the process (a command's result no longer wanted) or not (a server). */
export function outputReaderGoneEndsProcess(): boolean {
  return readerGoneEndsProcess;
}
