/**
 * @module
 * Who holds an `Idempotency-Key` while its write runs: this process, named by host, process id and a random id of its
 * own, so that a server restarted after a crash (SIGKILL, out of memory, power loss) gives the key of a write its
 * predecessor never answered to the client sending it again at once, instead of answering 409 until the claim is
 * stale (IDEMPOTENCY_CLAIM_STALE_MS). The write was not committed, or was and its answer not kept: see api-decisions.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { processFolderName, processIsRunning } from "../imports/process-upload-folders.js";

/** `pid-<process id>@<host>/<random id>`: the random id tells this process from an earlier one of the same id (a container's pid 1). */
const CLAIMER = /^pid-(\d+)@(.+)\/([^/]+)$/;

/** This process as the claimer of the keys of the writes it runs. */
export const THIS_PROCESS_CLAIMER = `${processFolderName(process.pid)}/${randomUUID()}`;

/** What `claimerStopped` compares a claimer with; tests inject their own. */
export interface ClaimerStoppedOptions {
  self?: string;
  pid?: number;
  host?: string;
  isRunning?: (pid: number) => boolean;
}

/**
 * Whether `claimer` is a process of this host that no longer runs: its id runs no process, or it is this process's id
 * under another random id (an earlier process). Another host's, or one not named so, is never known to have stopped.
 *
 * @example
 * claimerStopped("pid-4242@web-1/5d6f1c2e-…"); // true on web-1 once process 4242 is gone
 */
export function claimerStopped(claimer: string, options: ClaimerStoppedOptions = {}): boolean {
  const { self = THIS_PROCESS_CLAIMER, pid = process.pid, host = hostname(), isRunning = processIsRunning } = options;
  const match = CLAIMER.exec(claimer);
  if (match === null || match[2] !== host || claimer === self) return false;
  const owner = Number(match[1]);
  return owner === pid || !isRunning(owner);
}
