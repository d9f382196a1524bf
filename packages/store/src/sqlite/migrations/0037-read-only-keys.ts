/**
 * Migration 0037: `api_keys.read_only`. A read-only key reads everything its tenant (and user) may read and
 * changes nothing: the API refuses its calls of operations that write, over REST and MCP alike. Existing keys
 * keep writing (0).
 */
import { sql, type Kysely, type Migration } from "kysely";

export const readOnlyKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("api_keys")
      .addColumn("read_only", "integer", (column) => column.notNull().defaultTo(0).check(sql`read_only in (0, 1)`))
      .execute();
  },
};
