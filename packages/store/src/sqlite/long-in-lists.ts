/**
 * @module
 * Kysely's SQLite query compiler, with an `in` list longer than `LONG_IN_LIST` values bound as one JSON parameter.
 * SQLite binds at most 32,766 parameters a statement, so `persons.list` given 40,000 uuids (or any `uuids` or other
 * `in` filter a library user fills) failed with "too many SQL variables". Chunking cannot serve a filter of a
 * paged, sorted list; `x in (select value from json_each(?))` answers the same rows for a list of any length.
 * Shorter lists keep their `(?, ?, ...)` form, and with it the statements and plans they had. A condition written
 * as raw SQL, which the compiler cannot see into, builds its list with `rawInList`.
 */
import { OperatorNode, PrimitiveValueListNode, sql, SqliteQueryCompiler, type BinaryOperationNode, type RawBuilder, type SqlBool } from "kysely";

/** Past this many values an `in` list is bound as one JSON array; the store's own lookups chunk at 500. */
export const LONG_IN_LIST = 1000;

/** Values that a JSON array carries back to SQLite unchanged: text and finite numbers. */
const isJsonScalar = (value: unknown): value is string | number =>
  typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

/** `SqliteQueryCompiler` that binds long `in` and `not in` lists as one JSON parameter. */
export class LongInListsSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitBinaryOperation(node: BinaryOperationNode): void {
    const list = node.rightOperand;
    const operator = node.operator;
    if (
      OperatorNode.is(operator) &&
      (operator.operator === "in" || operator.operator === "not in") &&
      PrimitiveValueListNode.is(list) &&
      list.values.length > LONG_IN_LIST &&
      list.values.every(isJsonScalar)
    ) {
      this.visitNode(node.leftOperand);
      this.append(` ${operator.operator} (select value from json_each(`);
      this.appendValue(JSON.stringify(list.values));
      this.append("))");
      return;
    }
    super.visitBinaryOperation(node);
  }
}

/**
 * `expression in (...values)` as raw SQL, bound as `LongInListsSqliteQueryCompiler` binds a query builder's `in`:
 * one JSON parameter past `LONG_IN_LIST` values. False (`1 = 0`) for no values.
 *
 * @example sql`select uuid from opportunities o where ${rawInList(sql`o.stage_uuid`, stageUuids)}`
 */
export function rawInList(expression: RawBuilder<unknown>, values: readonly (string | number)[]): RawBuilder<SqlBool> {
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  if (values.length > LONG_IN_LIST) return sql<SqlBool>`${expression} in (select value from json_each(${JSON.stringify(values)}))`;
  return sql<SqlBool>`${expression} in (${sql.join(values)})`;
}
