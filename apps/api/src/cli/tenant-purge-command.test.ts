/**
 * The built `rapport tenants purge`: its refusals (a live tenant, no --yes, an unknown or purged one), its progress on
 * stderr, the rows it prints by table, and a purge beside a running server, whose other tenant's requests go on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess as rapport } from "../testing/in-process-cli.js";
import { FREED_PAGES_NOTE } from "./tenant-purge-action.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-purge-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Rows of the tenant in every table with a tenant column, and whether its own row is left. */
function rowsOf(path: string, tenantUuid: string): number {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const tables = sqlite
      .prepare("select name from sqlite_master m where type = 'table' and exists (select 1 from pragma_table_info(m.name) where name = 'tenant_uuid')")
      .pluck()
      .all() as string[];
    const rows = tables.reduce((sum, table) => sum + Number(sqlite.prepare(`select count(*) from "${table}" where tenant_uuid = ?`).pluck().get(tenantUuid)), 0);
    return rows + Number(sqlite.prepare("select count(*) from tenants where uuid = ?").pluck().get(tenantUuid));
  } finally {
    sqlite.close();
  }
}

/** A tenant with a user (and their person) and a key, made through the CLI. */
async function tenantWithKey(database: string, name: string): Promise<{ uuid: string; key: string }> {
  const tenant = JSON.parse((await rapport(database, "--json", "tenants", "create", "--name", name)).stdout) as { uuid: string };
  await rapport(database, "users", "create", "--tenant", tenant.uuid, "--name", `${name} Admin`, "--email", `admin@${name.toLowerCase()}.example`);
  const key = JSON.parse((await rapport(database, "--json", "keys", "create", "--tenant", tenant.uuid)).stdout) as { key: string };
  return { uuid: tenant.uuid, key: key.key };
}

describe("rapport tenants purge", () => {
  it("refuses a live tenant and a missing --yes, removes a deleted one's rows and says which, then knows it no more", async () => {
    const database = join(folder, "purge.db");
    const leaving = await tenantWithKey(database, "Leaving");
    const staying = await tenantWithKey(database, "Staying");
    const stayingRows = rowsOf(database, staying.uuid);

    expect(await rapport(database, "tenants", "purge", "--tenant", leaving.uuid, "--yes")).toMatchObject({
      code: 1,
      stderr: `rapport: tenant ${leaving.uuid} is not deleted: only a deleted tenant is purged (rapport tenants delete --tenant ${leaving.uuid} first)\n`,
    });
    await rapport(database, "tenants", "delete", "--tenant", leaving.uuid);
    const leavingRows = rowsOf(database, leaving.uuid);
    expect(await rapport(database, "tenants", "purge", "--tenant", leaving.uuid)).toMatchObject({
      code: 1,
      stderr: `rapport: purging tenant ${leaving.uuid} removes its records for good: pass --yes to purge it\n`,
    });
    expect(rowsOf(database, leaving.uuid)).toBe(leavingRows);

    const purged = await rapport(database, "tenants", "purge", "--tenant", leaving.uuid, "--yes");
    expect(purged.code).toBe(0);
    const lines = purged.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`purged tenant ${leaving.uuid}: ${leavingRows} rows removed`);
    expect(lines).toContain(`  ${"api_keys".padEnd(32)} 1`);
    expect(lines).toContain(`  ${"tenants".padEnd(32)} 1`);
    expect(lines.at(-1)).toBe(FREED_PAGES_NOTE);
    // Not a terminal: the first step's plain progress line (the purge is shorter than the lines' interval).
    expect(purged.stderr).toMatch(/^purge: \d+ of \d+ rows removed \(\d+%\), at \w+(, about \d+ s left)?\n$/);
    expect(rowsOf(database, leaving.uuid)).toBe(0);
    expect(rowsOf(database, staying.uuid)).toBe(stayingRows);

    expect(await rapport(database, "tenants", "purge", "--tenant", leaving.uuid, "--yes")).toMatchObject({
      code: 1,
      stderr: `rapport: tenant ${leaving.uuid} not found: never created, or purged already\n`,
    });
  });

  it("purges beside a running server, which goes on answering the other tenant", async () => {
    const database = join(folder, "beside-server.db");
    const leaving = await tenantWithKey(database, "Leaving");
    const staying = await tenantWithKey(database, "Staying");
    const server = await startRapportServer(database);
    try {
      const create = (name: string) =>
        fetch(`${server.url}/v1/persons`, { method: "POST", headers: { "x-api-key": staying.key, "content-type": "application/json" }, body: JSON.stringify({ name }) });
      expect((await create("Before")).status).toBe(201);
      // The purge as the built command: a second process on the database the server writes to, while this process's
      // request is served (a purge in this process would hold the request back while it ran). The delete runs here.
      expect((await rapport(database, "tenants", "delete", "--tenant", leaving.uuid)).code).toBe(0);
      const purging = runRapport(database, "--json", "tenants", "purge", "--tenant", leaving.uuid, "--yes");
      const during = await create("During");
      const purged = await purging;
      expect(purged.code).toBe(0);
      expect(JSON.parse(purged.stdout)).toMatchObject({ uuid: leaving.uuid, purged: true, removed_rows: { tenants: 1, api_keys: 1 } });
      expect(during.status).toBe(201);
      expect((await create("After")).status).toBe(201);
      expect(rowsOf(database, leaving.uuid)).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
