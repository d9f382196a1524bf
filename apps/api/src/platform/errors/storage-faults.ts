/**
 * @module
 * What a server remembers of the storage failures its requests met (storage-failure.ts), so that `GET /ready` says
 * what is wrong, and the log has a line when a failure starts, one a minute while it lasts (not one per retried
 * request: a flood of clients honoring `Retry-After` wrote thousands), and one when writes succeed again.
 */
import type { Logger } from "pino";
import type { StorageFailure } from "./storage-failure.js";

/** Between two log lines of one kind of failure while it lasts. */
export const STORAGE_FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * How long after its last refusal `GET /ready` still names a failure no write has since got past: a lock is a
 * matter of seconds; a full disk or a read-only file lasts until an operator acts, and clients retry after a minute.
 */
const REPORTED_FOR_MS = { database_locked: 10_000, other: 60_000 } as const;

interface OngoingFailure {
  failure: StorageFailure;
  lastMetAt: number;
  lastLoggedAt: number;
  /** Requests refused since the last line, and in all. */
  unlogged: number;
  refused: number;
}

/** A server's memory of the storage failures its requests met. */
export interface StorageFaults {
  /** Notes that a request met `failure` at `now` (epoch ms) and logs it, unless a line of its kind was written in the last minute. */
  met(failure: StorageFailure, now: number, logFields: Record<string, unknown>): void;
  /**
   * Notes that a write succeeded: the failures met before are over (logged once, at info level), a full disk only once
   * its file system has room again (`hasRoom`): a write that needs no new page succeeds on a full disk.
   */
  wroteAgain(): void;
  /**
   * The failure `GET /ready` reports at `now`: the latest met recently that no write has got past since, or null; a full
   * disk for as long as its file system has no room (`hasRoom`), however long ago a request met it.
   */
  current(now: number): StorageFailure | null;
}

/**
 * Creates the memory of one app (createApp makes one: its error handler and `GET /ready` share it), logging to `logger`.
 * `hasRoom` says whether the database's file system has room again (diskHasRoom); by default it always has.
 *
 * @example const faults = createStorageFaults(logger, { hasRoom: diskHasRoom(databasePath) }); faults.current(Date.now()); // null while all is well
 */
export function createStorageFaults(logger: Logger, { hasRoom = () => true }: { hasRoom?: () => boolean } = {}): StorageFaults {
  const ongoing = new Map<StorageFailure["kind"], OngoingFailure>();
  return {
    met(failure, now, logFields) {
      const known = ongoing.get(failure.kind);
      const entry = known ?? { failure, lastMetAt: now, lastLoggedAt: -Infinity, unlogged: 0, refused: 0 };
      // Last in the map's order: the latest met, which `current` reports.
      ongoing.delete(failure.kind);
      ongoing.set(failure.kind, entry);
      entry.lastMetAt = now;
      entry.refused += 1;
      if (now - entry.lastLoggedAt < STORAGE_FAILURE_LOG_INTERVAL_MS) {
        entry.unlogged += 1;
        return;
      }
      const since = known === undefined ? {} : { refusedSinceLastLine: entry.unlogged };
      logger[failure.logLevel]({ ...logFields, failure: failure.kind, ...since }, failure.operatorMessage);
      entry.lastLoggedAt = now;
      entry.unlogged = 0;
    },
    wroteAgain() {
      if (ongoing.size === 0) return;
      // Until 2026-12-07 any write that got through cleared a full disk, and /ready said ready on a disk still full.
      const stillFull = ongoing.has("disk_full") && !hasRoom();
      for (const [kind, { failure, refused }] of ongoing) {
        if (kind === "disk_full" && stillFull) continue;
        logger.info({ failure: failure.kind, refused }, "database writes succeed again");
        ongoing.delete(kind);
      }
    },
    current(now) {
      let latest: OngoingFailure | null = null;
      for (const entry of ongoing.values()) {
        const reportedFor = entry.failure.kind === "database_locked" ? REPORTED_FOR_MS.database_locked : REPORTED_FOR_MS.other;
        // A full disk is asked rather than timed out: with no request refused for a minute (clients backing off,
        // a quiet night) /ready said ready on a disk still full.
        if (now - entry.lastMetAt <= reportedFor || (entry.failure.kind === "disk_full" && !hasRoom())) latest = entry;
      }
      return latest?.failure ?? null;
    },
  };
}
