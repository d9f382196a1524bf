/**
 * @module
 * The last use of each API key, noted in memory on every request and written to `api_key_uses` once per flush
 * period (a minute) and when the store closes. A write per request (a WAL commit) would cost more than a kept
 * answer itself; a key used without pause still shows a time at most a period old. Several processes on one file
 * each write their own latest use, and a row keeps the later of the stored and the written time. A crash loses at
 * most the last period's uses.
 */
import type SqliteDatabase from "better-sqlite3";
import type { KeyUseChannel } from "../records.js";
import { createPeriodicWrites } from "./periodic-writes.js";

/** Between two writes of the uses noted meanwhile. */
export const KEY_USE_FLUSH_MS = 60_000;

/** A key's latest use not yet written. */
export interface PendingKeyUse {
  tenantUuid: string;
  at: number;
  via: KeyUseChannel;
}

export interface KeyUseBuffer {
  /** Notes a use of the key; its first use in a period schedules the period's write. */
  note(keyUuid: string, tenantUuid: string, via: KeyUseChannel, at: number): void;
  /** The key's latest use not yet written, if any. */
  pending(keyUuid: string): PendingKeyUse | undefined;
  /** Writes what is pending (skipped while a transaction is open on the connection; retried a period later). */
  flush(): void;
  /** Stops the timer and writes what is pending; call before closing the connection. */
  close(): void;
}

export function createKeyUseBuffer(sqlite: SqliteDatabase.Database, flushAfterMs = KEY_USE_FLUSH_MS): KeyUseBuffer {
  const upsert = sqlite.prepare(
    "insert into api_key_uses (key_uuid, tenant_uuid, last_used_at, last_used_via) values (?, ?, ?, ?) " +
      "on conflict (key_uuid) do update set last_used_at = excluded.last_used_at, last_used_via = excluded.last_used_via " +
      "where excluded.last_used_at > api_key_uses.last_used_at",
  );
  const writeAll = sqlite.transaction((uses: Array<[string, PendingKeyUse]>) => {
    for (const [keyUuid, use] of uses) upsert.run(keyUuid, use.tenantUuid, use.at, use.via);
  });
  const pending = new Map<string, PendingKeyUse>();
  const { schedule, flush, close } = createPeriodicWrites(sqlite, flushAfterMs, {
    isEmpty: () => pending.size === 0,
    write: () => writeAll([...pending]),
    clear: () => pending.clear(),
  });

  return {
    note(keyUuid, tenantUuid, via, at) {
      const use = pending.get(keyUuid);
      if (use === undefined) {
        pending.set(keyUuid, { tenantUuid, at, via });
        schedule();
        return;
      }
      if (at < use.at) return;
      use.at = at;
      use.via = via;
    },
    pending: (keyUuid) => pending.get(keyUuid),
    flush,
    close,
  };
}
