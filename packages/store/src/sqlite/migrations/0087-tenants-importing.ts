/**
 * Migration 0087: `tenants.importing_pid`, the process id of a `rapport tenants import` still writing the tenant (null
 * for every other tenant). An import commits in short steps so that a server beside it keeps writing; meanwhile the
 * tenant's row exists, and every reader takes a tenant whose `importing_pid` is set for absent. An import that failed
 * or was killed leaves the row marked: its rows go with `tenants.purge` or a run of the same import again.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const tenantsImportingMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table tenants add column importing_pid integer`.execute(db);
  },
};
