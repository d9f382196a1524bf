/**
 * Whether a write error on the command line's output means its reader went away (`rapport keys list | head -2`):
 * a shell's pipe reports `EPIPE`; the socket pair a parent process spawns us with (Node's `child_process`)
 * may report `ECONNRESET` instead when the reader closes with bytes unread.
 */
export function outputReaderGone(error: NodeJS.ErrnoException): boolean {
  return error.code === "EPIPE" || error.code === "ECONNRESET";
}
