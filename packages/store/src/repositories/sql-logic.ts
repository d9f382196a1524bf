/** Raw SQL conditions joined with `and` / `or`, each group parenthesized; an empty `and` is true, an empty `or` false. */
import { sql, type Expression, type SqlBool } from "kysely";

export const and = (conditions: readonly Expression<SqlBool>[]): Expression<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;

export const or = (conditions: readonly Expression<SqlBool>[]): Expression<SqlBool> =>
  conditions.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
