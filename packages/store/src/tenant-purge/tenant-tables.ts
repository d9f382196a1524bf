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
