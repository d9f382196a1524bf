/** @module Conditions shared by the triggers of migrations. */

/**
 * A trigger's `when` condition: any of `columns` changed. An `update of` trigger fires for every column the
 * statement sets, changed or not, and the store sets every column of a row it updates.
 */
export function anyChanged(columns: readonly string[]): string {
  return columns.map((column) => `OLD.${column} is not NEW.${column}`).join(" or ");
}
