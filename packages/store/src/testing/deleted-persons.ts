/** @module Test helper: persons deleted as a merge leaves the superseded one. */
import SqliteDatabase from "better-sqlite3";
import { othersCommitsSeen } from "./others-commits-seen.js";

/**
 * Marks persons deleted at `at`, straight in the store's database file (another connection, as another
 * process would): a merge leaves the superseded person with a `deleted_at`, and the repositories have no
 * other way to delete one. Resolves once the store sees the commit (`othersCommitsSeen`): a read sooner
 * could still get the person as it was.
 */
export async function markPersonsDeleted(path: string, personUuids: readonly string[], at: number): Promise<void> {
  const sqlite = new SqliteDatabase(path);
  try {
    const mark = sqlite.prepare("update persons set deleted_at = ? where uuid = ?");
    for (const uuid of personUuids) mark.run(at, uuid);
  } finally {
    sqlite.close();
  }
  await othersCommitsSeen();
}
