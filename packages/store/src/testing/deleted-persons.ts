/** @module Test helper: persons deleted as a merge leaves the superseded one. */
import SqliteDatabase from "better-sqlite3";

/**
 * Marks persons deleted at `at`, straight in the store's database file (another connection, as another
 * process would): a merge leaves the superseded person with a `deleted_at`, and the repositories have no
 * other way to delete one. Resolves on the next turn of the event loop: a store sees other connections'
 * commits from the turn after them (its remembered reads check once a turn, see generation-snapshots.ts),
 * and a read in the same turn could still get the person as it was.
 */
export async function markPersonsDeleted(path: string, personUuids: readonly string[], at: number): Promise<void> {
  const sqlite = new SqliteDatabase(path);
  try {
    const mark = sqlite.prepare("update persons set deleted_at = ? where uuid = ?");
    for (const uuid of personUuids) mark.run(at, uuid);
  } finally {
    sqlite.close();
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
}
