import type SqliteDatabase from "better-sqlite3";

export interface CheckpointPauses {
  /** Stops the connection's automatic checkpoints until every pause asked for has been ended by the function returned. */
  pause(): () => void;
}

/** Pauses of a connection's automatic checkpoints (`wal_autocheckpoint`), counted: `pages` again once none is left. */
export function createCheckpointPauses(sqlite: SqliteDatabase.Database, pages: number): CheckpointPauses {
  let pauses = 0;
  return {
    pause() {
      pauses += 1;
      if (pauses === 1) sqlite.pragma("wal_autocheckpoint = 0");
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pauses -= 1;
        if (pauses === 0 && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${pages}`);
      };
    },
  };
}
