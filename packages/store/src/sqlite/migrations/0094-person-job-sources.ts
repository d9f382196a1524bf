/**
 * Migration 0094: a person remembers which export set their current company and title (`job_source`), so that a newer
 * export of the same source can move them on (a LinkedIn connection's new job), and a company or title a user typed,
 * or another source gave, never changes. Null for every existing person: which import set their job is not known, so
 * theirs is kept as before.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const personJobSourcesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Run again where its record was removed (`rapport status`'s test of a pending migration): the column is there.
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('persons') where name = 'job_source'`.execute(db);
    if (rows.length === 0) await sql`alter table persons add column job_source text`.execute(db);
  },
};
