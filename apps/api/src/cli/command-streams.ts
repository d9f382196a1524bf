/** @module The streams a running command reads and writes: the process's own, or those its caller gave (an in-process run). */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Readable, Writable } from "node:stream";

/** Standard input, output and error as a command sees them. */
export interface CommandStreams {
  readonly stdin: Readable & { isTTY?: boolean };
  readonly stdout: Writable & { isTTY?: boolean; columns?: number };
  readonly stderr: Writable & { isTTY?: boolean; columns?: number };
}

// Getters: process.stdin is only made (and, on a pipe, opened) when a command reads it.
const PROCESS_STREAMS: CommandStreams = {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
};

const given = new AsyncLocalStorage<CommandStreams>();

/** The streams of the command running now: those given to `withCommandStreams`, or the process's own. */
export function commandStreams(): CommandStreams {
  return given.getStore() ?? PROCESS_STREAMS;
}

/** Runs `work` (a whole command) reading and writing `streams` instead of the process's own. */
export function withCommandStreams<T>(streams: CommandStreams, work: () => Promise<T>): Promise<T> {
  return given.run(streams, work);
}
