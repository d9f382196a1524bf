/**
 * @module
 * The keys a row holds beside its texts (a name's order key, a company's match key), mended by any write of the row
 * (`mendKeys`): the store writes each with its text, and a row edited by hand may hold one that is not its text's.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** One key of a row: `keyOf` of its `source` column, held in its `key` column. */
export interface RowKey {
  source: string;
  key: string;
  keyOf: (text: string) => string;
}

/**
 * Writes those of the row's `keys` that differ from what its texts give, alone, at any write of the row (one that
 * changes nothing too): a key is no change a client sees, so no change time moves. No statement when every key is
 * right. `row` is the row as the write left it.
 *
 * @example await mendKeys(transaction, "entity_lists", row, [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }]);
 */
export async function mendKeys(
  db: Kysely<Database>,
  table: "persons" | "companies" | "entity_lists",
  row: { tenant_uuid: string; uuid: string },
  keys: readonly RowKey[],
): Promise<void> {
  const columns = row as unknown as Record<string, unknown>;
  const mended = keys.flatMap(({ source, key, keyOf }) => {
    const text = columns[source];
    if (typeof text !== "string" || keyOf(text) === columns[key]) return [];
    return [sql`${sql.ref(key)} = ${keyOf(text)}`];
  });
  if (mended.length === 0) return;
  await sql`update ${sql.table(table)} set ${sql.join(mended)} where tenant_uuid = ${row.tenant_uuid} and uuid = ${row.uuid}`.execute(db);
}
