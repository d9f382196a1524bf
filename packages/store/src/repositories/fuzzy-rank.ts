/**
 * @module
 * The SQL of a fuzzy name retry's answer (person-fuzzy-names.ts), shared by the person and opportunity lists:
 * the records among the ranked uuids, and each one's rank as its sort value (closest first).
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";

/** `column` (a uuid) is one of `ranked`; false for none. */
export function amongRanked(column: string, ranked: readonly string[]): RawBuilder<SqlBool> {
  return ranked.length > 0 ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ranked)}))` : sql<SqlBool>`1 = 0`;
}

/** The position of `column`'s uuid in `ranked` (0 = closest), `ranked.length` for one not in it. */
export function rankIn(column: string, ranked: readonly string[]): RawBuilder<number> {
  if (ranked.length === 0) return sql<number>`${sql.lit(0)}`;
  const cases = ranked.map((uuid, index) => sql`when ${uuid} then ${sql.lit(index)}`);
  return sql<number>`(case ${sql.ref(column)} ${sql.join(cases, sql` `)} else ${sql.lit(ranked.length)} end)`;
}
