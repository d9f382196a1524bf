import { openTenantExport } from "../tenant-export/open-tenant-export.js";
import { TENANT_EXPORT_KINDS, type TenantExportKind } from "../tenant-export/tenant-export-kinds.js";

/** Every line of a tenant's export, kind by kind, as `openTenantExport` gives them. */
export type TenantExportLines = Record<TenantExportKind, Array<{ json: string; content: Buffer | null }>>;

/** Reads the whole export of `tenantUuid` from the database at `path` (tests only: it holds every line in memory). */
export function tenantExportLines(path: string, tenantUuid: string): TenantExportLines {
  const exported = openTenantExport(path, tenantUuid)!;
  try {
    return Object.fromEntries(TENANT_EXPORT_KINDS.map((kind) => [kind, [...exported.lines(kind)]])) as TenantExportLines;
  } finally {
    exported.close();
  }
}
