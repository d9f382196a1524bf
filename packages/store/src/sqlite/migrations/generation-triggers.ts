/**
 * @module
 * Triggers that raise a tenant's change generation of a scope (the `change_generations` table of
 * migration 0007) whenever a row of a table is written, from any connection or process.
 */
import { sql } from "kysely";

/**
 * A trigger raising `scope`'s generation of the tenant of the written row (`row` is NEW or OLD;
 * `tenantColumn` names the row's tenant: `uuid` on the tenants table itself).
 */
export function raiseOn(name: string, event: string, table: string, row: "NEW" | "OLD", scope: string, tenantColumn = "tenant_uuid", statements = raiseStatements) {
  return sql.raw(`
    create trigger ${name} after ${event} on ${table} begin
      ${statements(`${row}.${tenantColumn}`, scope)}
    end`);
}

/** A trigger body's statements raising `scope`'s generation of the tenant `tenant` (an SQL expression of the row). */
export function raiseStatements(tenant: string, scope: string): string {
  return `insert or ignore into change_generations (tenant_uuid, scope, generation) values (${tenant}, '${scope}', 0);
      update change_generations set generation = generation + 1 where tenant_uuid = ${tenant} and scope = '${scope}';`;
}

/**
 * `raiseStatements` for a table some statement writes with `insert or replace`: SQLite applies the conflict policy of
 * the statement that fired a trigger to the statements inside it, so `insert or ignore` would run as `insert or
 * replace` there and start the generation over at 1, where a reader may have remembered values at that generation
 * before. An upsert's `do update` holds under every policy (checked for each), and is one statement, not two: about
 * 2.7 µs a written row against 4.5.
 */
export function raiseStatementsUnderAnyPolicy(tenant: string, scope: string): string {
  return `insert into change_generations (tenant_uuid, scope, generation) values (${tenant}, '${scope}', 1)
        on conflict (tenant_uuid, scope) do update set generation = generation + 1;`;
}

/**
 * Triggers raising `scope` on every insert, update and delete of `table` (`statements`: `raiseStatementsUnderAnyPolicy`
 * for a table written with `insert or replace`).
 */
export function raiseOnEveryWrite(table: string, scope: string, tenantColumn = "tenant_uuid", statements = raiseStatements) {
  return [
    raiseOn(`${table}_raise_${scope}_on_insert`, "insert", table, "NEW", scope, tenantColumn, statements),
    raiseOn(`${table}_raise_${scope}_on_update`, "update", table, "NEW", scope, tenantColumn, statements),
    raiseOn(`${table}_raise_${scope}_on_delete`, "delete", table, "OLD", scope, tenantColumn, statements),
  ];
}
