/**
 * @module
 * Sort keys computed in code for the rows already there (`writeKeysAside`), as migrations 0064 and 0080 add them.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";

/**
 * Rows read and given their keys per statement, in rowid order (each read a range of the table, the tenant checked by
 * key: joined, SQLite read every row of each tenant and sorted them for every chunk): one statement per row took
 * several times as long, and a tenant's texts are never all in memory at once.
 */
const ROWS_PER_STATEMENT = 5_000;

/** One key column of a table: computed by `keyOf` from the `source` column (a null source gives a null key). */
export interface KeyColumn {
  source: string;
  key: string;
  keyOf: (text: string) => string;
}

/**
 * Writes each of `keys` for every row of `table` but a deleted tenant's (which refuse writes, migration 0031, and are
 * never read again), or for those of them `only` holds (a condition on the row, `r`), when only some keys change.
 * Nothing a client reads changes, so no change time or generation moves: the table's triggers are set aside while the
 * keys are written and put back as they were (in the migration's transaction). Run for every row, they logged 200,000
 * person changes nobody needs and took about half of migration 0064's time.
 */
export async function writeKeysAside(db: Kysely<unknown>, table: string, keys: readonly KeyColumn[], only: RawBuilder<unknown> = sql`1`): Promise<void> {
  const { rows: triggers } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and tbl_name = ${table} order by rowid`.execute(db);
  for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(db);
  const sources = keys.map(({ source }, index) => sql`r.${sql.ref(source)} as ${sql.ref(`source_${index}`)}`);
  const assignments = keys.map(({ key }, index) => sql`${sql.ref(key)} = keyed.value ->> ${sql.lit(index + 1)}`);
  for (let after = Number.MIN_SAFE_INTEGER; ; ) {
    const { rows } = await sql<Record<string, string | null> & { row_id: number }>`select r.rowid as row_id, ${sql.join(sources)}
      from ${sql.table(table)} r where r.rowid > ${after} and (${only})
        and not exists (select 1 from tenants t where t.uuid = r.tenant_uuid and t.deleted_at is not null)
      order by r.rowid limit ${ROWS_PER_STATEMENT}`.execute(db);
    if (rows.length === 0) break;
    after = rows.at(-1)!.row_id;
    const keyed = rows.map((row) => [
      row.row_id,
      ...keys.map(({ keyOf }, index) => {
        const text = row[`source_${index}`];
        return text === null || text === undefined ? null : keyOf(text);
      }),
    ]);
    await sql`update ${sql.table(table)} set ${sql.join(assignments)}
      from json_each(${JSON.stringify(keyed)}) as keyed where ${sql.ref(`${table}.rowid`)} = keyed.value ->> 0`.execute(db);
  }
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
}
