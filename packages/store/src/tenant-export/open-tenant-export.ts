/**
 * @module
 * Reading a whole tenant out of the database file for its export, from one snapshot and a row at a time: a
 * connection of its own holds one read transaction throughout (in WAL mode a snapshot of the last commit before it,
 * which writers of other processes, a server, do not wait for), and each kind's lines come from one statement
 * stepped as they are taken, so memory stays flat however big the tenant.
 */
import SqliteDatabase from "better-sqlite3";
import { InvalidInputError } from "../errors.js";
import type { Tenant } from "../records.js";
import { checkFilePaths } from "../sqlite/check-file-paths.js";
import { refuseAnotherApplicationsFile } from "../sqlite/another-applications-file.js";
import { TENANT_EXPORT_KINDS, TENANT_EXPORT_STATEMENTS, type TenantExportKind } from "./tenant-export-kinds.js";
import { requireNativeSqlite } from "../sqlite/native-sqlite.js";

/** The tenant as the export's manifest names it: its record, and whether it was deleted. */
export interface ExportedTenant extends Tenant {
  /** When `rapport tenants delete` deleted it (epoch ms); null for a live tenant. */
  deleted_at: number | null;
}

/** One record of an export: its JSON text (one line, no newline), and a file's bytes (null for other kinds). */
export interface TenantExportLine {
  json: string;
  content: Buffer | null;
}

/** An open export of one tenant: everything it reads is of the one snapshot taken when it opened. */
export interface TenantExport {
  tenant: ExportedTenant;
  /** How many lines each kind has, in the order the kinds are written (`TENANT_EXPORT_KINDS`). */
  counts: Record<TenantExportKind, number>;
  /** The kind's lines, read one at a time as they are taken; one kind at a time (the connection steps one statement). */
  lines(kind: TenantExportKind): IterableIterator<TenantExportLine>;
  /** Ends the read transaction and closes the connection; safe to call twice. */
  close(): void;
}

/**
 * Opens the export of the tenant `tenantUuid` (live, or deleted and not yet purged) of the database file at
 * `databasePath`, which a store has migrated; null when no tenant has that uuid. SQLite only: it reads the file
 * through a read-only connection of its own, beside a server and its writes.
 *
 * @example
 * const exported = openTenantExport("./data/rapport.db", tenantUuid);
 * for (const kind of TENANT_EXPORT_KINDS) for (const { json } of exported.lines(kind)) out.write(`${json}\n`);
 * exported.close();
 */
export function openTenantExport(databasePath: string, tenantUuid: string): TenantExport | null {
  checkFilePaths("openTenantExport", { databasePath });
  requireNativeSqlite("openTenantExport");
  if (databasePath === ":memory:") throw new InvalidInputError('openTenantExport: a ":memory:" database has no file to read');
  if (typeof tenantUuid !== "string") throw new InvalidInputError(`openTenantExport: expecting a tenant uuid, got ${JSON.stringify(tenantUuid)}`);
  const db = new SqliteDatabase(databasePath, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    refuseAnotherApplicationsFile(db);
    db.exec("begin");
    // The snapshot starts at the transaction's first read, this one.
    const tenant = db.prepare("select uuid, name, tier, per_second_limit, monthly_limit, created_at, deleted_at from tenants where uuid = ? and importing_pid is null").get(tenantUuid) as ExportedTenant | undefined;
    if (!tenant) {
      db.close();
      return null;
    }
    const parameters = { tenant: tenantUuid };
    // A kind's statement not stepped to its end keeps the connection busy: closing resets it first.
    let stepping: IterableIterator<unknown> | null = null;
    const counts = Object.fromEntries(
      TENANT_EXPORT_KINDS.map((kind) => [kind, Number(db.prepare(TENANT_EXPORT_STATEMENTS[kind].count).pluck().get(parameters))]),
    ) as Record<TenantExportKind, number>;
    return {
      tenant: { ...tenant, created_at: Number(tenant.created_at), deleted_at: tenant.deleted_at === null ? null : Number(tenant.deleted_at) },
      counts,
      *lines(kind) {
        const rows = db.prepare(TENANT_EXPORT_STATEMENTS[kind].lines).iterate(parameters) as IterableIterator<{ line: string; content?: Buffer | null }>;
        stepping = rows;
        try {
          for (const row of rows) yield { json: row.line, content: row.content ?? null };
        } finally {
          stepping = null;
        }
      },
      close() {
        stepping?.return?.();
        if (db.open) db.close();
      },
    };
  } catch (error) {
    if (db.open) db.close();
    throw error;
  }
}
