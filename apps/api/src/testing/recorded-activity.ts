/**
 * @module
 * Writes opportunities' stored last-activity dates straight into a test database, standing in for
 * what the store's activity refresh stores once email and meeting activity is recorded. Tests of
 * the last_activity filters and sort use it after their last write through the store (a later
 * refresh recomputes the dates).
 */
import SqliteDatabase from "better-sqlite3";

export function recordOpportunityActivity(
  databasePath: string,
  activity: ReadonlyArray<{ opportunityUuid: string; at: number | null; personAt?: number | null; companyAt?: number | null }>,
): void {
  const database = new SqliteDatabase(databasePath);
  try {
    const update = database.prepare(
      "update opportunities set last_activity_at = ?, person_last_activity_at = ?, company_last_activity_at = ? where uuid = ?",
    );
    for (const entry of activity) {
      update.run(entry.at, entry.personAt ?? entry.at, entry.companyAt ?? null, entry.opportunityUuid);
    }
  } finally {
    database.close();
  }
}
