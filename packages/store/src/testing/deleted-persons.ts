/** @module Test helper: persons deleted as a merge leaves the superseded one. */
import SqliteDatabase from "better-sqlite3";

/**
 * Marks persons deleted at `at`, straight in the store's database file: a merge leaves the superseded person
 * with a `deleted_at`, and the repositories have no other way to delete one.
 */
export function markPersonsDeleted(path: string, personUuids: readonly string[], at: number): void {
  const sqlite = new SqliteDatabase(path);
  try {
    const mark = sqlite.prepare("update persons set deleted_at = ? where uuid = ?");
    for (const uuid of personUuids) mark.run(at, uuid);
  } finally {
    sqlite.close();
  }
}
