/**
 * @module
 * The store's WAL checkpoints, off the request path. SQLite's automatic checkpoint runs inside the commit that
 * crosses its threshold, on the event loop: on a benchmark scale M tenant a one-email write that crossed 40 MB of WAL
 * took 85 ms at the median (up to 206 ms) against 1.3 ms for the others, and every other request waited for it. The
 * store's connection has it off; instead a timer asks a worker thread for a passive checkpoint, which copies the
 * committed frames into the database file without taking the write lock, and a restart when the WAL has grown
 * past a limit anyway (see `restartAbovePages`).
 */
import type { CheckpointMode, CheckpointResult } from "./checkpoint-worker.js";

export interface BackgroundCheckpoints {
  /** Stops the timer once the checkpoint under way, if any, has answered. */
  close(): Promise<void>;
}

export interface BackgroundCheckpointOptions {
  /** One checkpoint of the given mode: the store's gives its checkpoint worker's. */
  checkpoint: (mode: CheckpointMode, options?: { waitMs?: number }) => Promise<CheckpointResult>;
  /** Milliseconds between two checkpoints (250 by default). */
  intervalMs?: number;
  /**
   * WAL frames past which a checkpoint also restarts the WAL. The WAL starts over from its first frame only when a
   * write begins with every frame copied, and a steady writer keeps a passive checkpoint from ever catching up (the
   * WAL reached 153 MB in 150 writes of 100 emails on a scale M tenant). A `restart` takes the write lock (the store's
   * writes wait for it between turns of the event loop, as for any writer), copies the rest, and waits up to
   * `restartWaitMs` for readers of older frames.
   */
  restartAbovePages?: number;
  restartWaitMs?: number;
  /** Injected so tests run the checkpoints when they choose; the default's timers keep no process running. */
  setTimer?: (run: () => void, delayMs: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * @example
 * const worker = createCheckpointWorker(path);
 * const checkpoints = startBackgroundCheckpoints({ checkpoint: worker.checkpoint });
 * // ... when the store closes:
 * await checkpoints.close();
 */
export function startBackgroundCheckpoints(options: BackgroundCheckpointOptions): BackgroundCheckpoints {
  const {
    checkpoint,
    intervalMs = 250,
    restartAbovePages = 10_000,
    restartWaitMs = 100,
    setTimer = (run, delayMs) => setTimeout(run, delayMs).unref(),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) {
    throw new RangeError(`startBackgroundCheckpoints: expecting "intervalMs" to be a positive number of milliseconds, got ${String(intervalMs)}`);
  }
  let closed = false;
  let timer: unknown = null;
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    try {
      const { log, checkpointed } = await checkpoint("passive");
      // A reader of older frames (a backup's snapshot) kept the passive one from copying them all: a restart would
      // hold the write lock while it waits for that reader, for nothing.
      if (log > restartAbovePages && checkpointed === log && !closed) await checkpoint("restart", { waitMs: restartWaitMs });
    } catch {
      // A closed or failing connection: the next tick tries again, and closing the store checkpoints anyway.
    }
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimer(() => {
      timer = null;
      if (closed) return;
      running = runOnce().then(schedule);
    }, intervalMs);
  };
  schedule();

  return {
    async close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
      await running;
    },
  };
}
