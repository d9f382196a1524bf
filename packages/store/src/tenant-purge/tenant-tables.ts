/**
 * The tables holding a tenant's rows, read from the schema itself: every table with a `tenant_uuid` column, so that
 * a table a later migration adds is purged without this file knowing it.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/**
 * The names of the tables with a `tenant_uuid` column, each before the tables it refers to by a foreign key (a
 * referenced row can only go once the rows referring to it have), the others in name order.
 */
export async function tenantTablesInPurgeOrder(db: Kysely<Database>): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`select m.name from sqlite_master m
    where m.type = 'table' and m.name not like 'sqlite_%'
    and exists (select 1 from pragma_table_info(m.name) c where c.name = 'tenant_uuid') order by m.name`.execute(db);
  const names = new Set(tables.map((table) => table.name));
  const { rows: references } = await sql<{ name: string; referenced: string }>`select m.name, f."table" as referenced
    from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table'`.execute(db);
  const referencedBy = new Map<string, Set<string>>();
  for (const { name, referenced } of references) {
    if (name === referenced || !names.has(name) || !names.has(referenced)) continue;
    referencedBy.set(referenced, (referencedBy.get(referenced) ?? new Set()).add(name));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: ReadonlySet<string>) => {
    if (placed.has(name) || path.has(name)) return;
    for (const referrer of [...(referencedBy.get(name) ?? [])].sort()) place(referrer, new Set([...path, name]));
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of tables) place(name, new Set());
  return ordered;
}

/**
 * Kept bodies have no index by tenant (reading the table whole would hold the lock for as long as the bodies take to
 * read): they are counted through their emails and go with them, by key; a body's foreign key ties it to an email of
 * the tenant.
 */
export const GONE_WITH_THEIR_EMAILS: ReadonlySet<string> = new Set(["email_bodies"]);

/**
 * The rows the tenant holds in each of `tables` (default: every table with a `tenant_uuid` column), tables without one
 * left out; each counted by its index on the tenant, kept bodies through their emails.
 */
export async function tenantRowCounts(db: Kysely<Database>, tenantUuid: string, tables?: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables ?? (await tenantTablesInPurgeOrder(db))) {
    const { rows } = GONE_WITH_THEIR_EMAILS.has(table)
      ? await sql<{ count: number }>`select count(*) as count from emails e join ${sql.table(table)} b on b.email_uuid = e.uuid where e.tenant_uuid = ${tenantUuid}`.execute(db)
      : await sql<{ count: number }>`select count(*) as count from ${sql.table(table)} where tenant_uuid = ${tenantUuid}`.execute(db);
    const count = Number(rows[0]?.count ?? 0);
    if (count > 0) counts[table] = count;
  }
  return counts;
}
