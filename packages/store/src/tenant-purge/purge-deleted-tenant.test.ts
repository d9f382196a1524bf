/**
 * `tenants.purge`: a deleted tenant leaves no row in any table (every table of the schema is accounted for), another
 * tenant's rows stay as they were, byte for byte, and a purge stopped half-way is finished by running it again.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { ConflictError } from "../errors.js";
import type { Store, TenantPurgeProgress } from "../store.js";
import { buildDataSubjectTenant, type DataSubjectTenant } from "../testing/data-subject-tenant.js";
import { tracesIn } from "../testing/database-traces.js";

const NOW = Date.UTC(2026, 11, 5);
const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-purge-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The tables without a `tenant_uuid` column, each with how it is reached: those holding a tenant's data are purged
 * through its records (name index entries) or by what names its account (OAuth state); the rest hold no tenant's
 * data. A table a migration adds fails the test below until it is listed here or has a `tenant_uuid` column.
 */
const TABLES_WITHOUT_TENANT_COLUMN: Record<string, string> = {
  name_search_keys: "through the records' uuids",
  person_name_search: "through name_search_keys",
  company_name_search: "through name_search_keys",
  opportunity_name_search: "through name_search_keys",
  oauth_models: "through the account id in the payload",
  tenants: "the tenant itself, by uuid",
  settings: "the deployment's settings",
  oauth_signing_keys: "the deployment's signing keys",
  sign_in_failures: "digests of the emails typed and addresses of failed sign-ins, no tenant's; pruned after 15 minutes",
  kysely_migration: "the schema's version",
  kysely_migration_lock: "the schema's version",
  sqlite_sequence: "SQLite's counters",
  sqlite_stat1: "planner statistics, counts only",
  sqlite_stat4: "planner samples: those holding the tenant's uuid are dropped",
};
/** The tables the fixture leaves without a row of its tenant: logs its writes do not reach. */
// write_stamps holds a row only inside a deleting write's transaction (migration 0092).
const EMPTY_IN_FIXTURE = new Set(["record_deletions", "graph_changes", "opportunity_activity_floors", "name_search_pending", "history_horizons", "write_stamps"]);

/** A tenant with a row in (almost) every table: a data subject's tenant plus files, keys, imports, usage and OAuth state. */
async function buildFullTenant(store: Store): Promise<DataSubjectTenant> {
  const tenant = await buildDataSubjectTenant(store, NOW);
  const { tenantUuid, ada } = tenant;
  await store.files.create({ tenant_uuid: tenantUuid, filename: "deck.pdf", content_type: "application/pdf", content: new TextEncoder().encode("deck"), uploaded_by_user_uuid: ada.uuid });
  const key = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: ada.uuid, key_hash: `hash-${tenantUuid}`, key_prefix: "rk_test" });
  // Written to api_key_uses when the store closes (withTwoTenants reopens it).
  store.apiKeys.noteUse(key, "rest");
  await store.importJobs.create(tenantUuid, { kind: "csv", dry_run: false, file_name: "people.csv" });
  // An erasure's remembered addresses (migration 0060) and the tenant's secret for them.
  const erased = await store.persons.create({ tenant_uuid: tenantUuid, name: "Erased Person", emails: [`erased-${tenantUuid}@gone.example`] });
  await store.persons.erase(tenantUuid, erased.uuid);
  // A company merged into another (migration 0070).
  const merged = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Merged" });
  const duplicate = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Merged (import)" });
  await store.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: merged.uuid, superseded_uuid: duplicate.uuid, preview: false, merged_by_user_uuid: ada.uuid });
  // The erasure (and the merge) applied the pending opportunity activity: an email after it leaves some pending again.
  await store.emails.ingest(tenantUuid, { message_id: "after-the-erasure", sent_at: NOW - 1, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: tenant.cleo.uuid }] });
  await store.usage.incrementMonthly(tenantUuid, "2026-12");
  // A write sent with an Idempotency-Key (migration 0069), its answer kept.
  const keptWrite = { caller: `${key.uuid}:`, key: "retry-1", fingerprint: "post", at: NOW, keepForMs: 86_400_000, staleAfterMs: 300_000 };
  const claim = await store.idempotentRequests.claim(tenantUuid, keptWrite);
  if (claim.outcome === "claimed") await store.idempotentRequests.answer(tenantUuid, { caller: keptWrite.caller, key: "retry-1", claim: claim.claim, status: 201, response: `{"tenant":"${tenantUuid}"}`, at: NOW, keepForMs: 86_400_000 });
  const tagged = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Tagged", service_industry_tags: ["fintech"], domain: "tagged.example" });
  // A company's former domain (migration 0066).
  await store.companies.update(tenantUuid, tagged.uuid, { domain: "tagged.example.io" });
  await store.opportunityCustomFields.create({ tenant_uuid: tenantUuid, key: "region", name: "Region", type: "text" });
  await store.userPasswords.set(tenantUuid, ada.uuid, "password-hash");
  await store.oauthModels.upsert({ model: "Grant", id: `grant-${tenantUuid}`, payload: { accountId: `${tenantUuid}:${ada.uuid}` }, grant_id: null, uid: null, user_code: null, expires_at: null });
  await store.nameSearch.catchUp(tenantUuid);
  return tenant;
}

function tablesOf(sqlite: SqliteDatabase.Database): Array<{ name: string; tenantColumn: boolean }> {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' order by name").all() as Array<{ name: string }>;
  return tables
    // FTS5's shadow tables belong to their index.
    .filter(({ name }) => !/_(data|idx|content|docsize|config)$/.test(name))
    .map(({ name }) => ({ name, tenantColumn: sqlite.prepare("select 1 from pragma_table_info(?) where name = 'tenant_uuid'").get(name) !== undefined }));
}

/** Every row of the tenant in every table with a tenant column, and its name index keys, as SQLite stores them. */
function rowsOfTenant(path: string, tenantUuid: string): Record<string, unknown[]> {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const rows: Record<string, unknown[]> = {};
    // `quote(x)` of every column compares values and their storage classes exactly (a blob is not its text).
    for (const { name, tenantColumn } of tablesOf(sqlite)) {
      if (!tenantColumn) continue;
      const columns = (sqlite.prepare(`select name from pragma_table_info(?)`).all(name) as Array<{ name: string }>).map((column) => `quote("${column.name}")`);
      rows[name] = sqlite.prepare(`select ${columns.join(", ")} from "${name}" where tenant_uuid = ? order by ${columns.join(", ")}`).raw().all(tenantUuid);
    }
    rows.name_search_keys = sqlite
      .prepare(`select key, entity_type, uuid from name_search_keys where uuid in (select uuid from persons where tenant_uuid = @tenant
        union select uuid from companies where tenant_uuid = @tenant union select uuid from opportunities where tenant_uuid = @tenant) order by key`)
      .raw()
      .all({ tenant: tenantUuid });
    return rows;
  } finally {
    sqlite.close();
  }
}

/** The two tenants' closed database file, built once for the file: each test purges its own copy of it. */
let twoTenants: { path: string; departing: DataSubjectTenant; staying: DataSubjectTenant };
beforeAll(async () => {
  const path = join(folder, "two-tenants.db");
  const store = await createSqliteStore({ path, now: () => NOW });
  const departing = await buildFullTenant(store);
  const staying = await buildFullTenant(store);
  // The usage counts are written after a flush period, the keys' last uses when the store closes.
  await new Promise((resolve) => setTimeout(resolve, 250));
  // Closing the only connection checkpoints the WAL into the file and deletes it: the file alone is the database.
  await store.close();
  twoTenants = { path, departing, staying };
}, 60_000);

/** A copy of the two tenants' database named after the test, opened. */
async function withTwoTenants(name: string) {
  const path = join(folder, `${name}.db`);
  copyFileSync(twoTenants.path, path);
  return { path, store: await createSqliteStore({ path, now: () => NOW }), departing: twoTenants.departing, staying: twoTenants.staying };
}

describe("tenants.purge", () => {
  it("every table of the schema has a tenant column or is accounted for", async () => {
    const { path, store } = await withTwoTenants("schema");
    await store.close();
    const sqlite = new SqliteDatabase(path, { readonly: true });
    const without = tablesOf(sqlite).filter((table) => !table.tenantColumn).map((table) => table.name);
    sqlite.close();
    expect(without.sort()).toEqual(Object.keys(TABLES_WITHOUT_TENANT_COLUMN).sort());
  });

  it("removes every row of the deleted tenant, leaves the other's as they were and names it nowhere in the file", async () => {
    const { path, store, departing, staying } = await withTwoTenants("purge");
    await store.tenants.delete(departing.tenantUuid);
    const before = rowsOfTenant(path, departing.tenantUuid);
    const filled = Object.entries(before).filter(([, rows]) => rows.length > 0).map(([table]) => table);
    const tenantTables = Object.keys(before).filter((table) => table !== "name_search_keys");
    expect(tenantTables.filter((table) => !filled.includes(table)).sort()).toEqual([...EMPTY_IN_FIXTURE].sort());
    const othersBefore = rowsOfTenant(path, staying.tenantUuid);

    const result = await store.tenants.purge(departing.tenantUuid, { rowsPerStep: 2 });

    expect(result?.removedRows).toMatchObject({ tenants: 1, oauth_models: 1, persons: before.persons!.length, emails: before.emails!.length, email_bodies: 1, files: 1, file_contents: 1 });
    expect(result?.removedRows.name_search_keys).toBe(before.name_search_keys!.length);
    const after = rowsOfTenant(path, departing.tenantUuid);
    expect(Object.entries(after).filter(([, rows]) => rows.length > 0)).toEqual([]);
    expect(rowsOfTenant(path, staying.tenantUuid)).toEqual(othersBefore);
    await store.close();
    const recordUuids = [departing.zelda.uuid, departing.zoltan.uuid, departing.globex.uuid, departing.deal.uuid, departing.ada.uuid, departing.board.uuid];
    expect(tracesIn(path, [departing.tenantUuid, ...recordUuids])).toEqual([]);
    expect(tracesIn(path, [staying.tenantUuid]).length).toBeGreaterThan(0);
  });

  it("refuses a live tenant and changes nothing; an unknown or purged tenant is null", async () => {
    const { path, store, departing } = await withTwoTenants("refusals");
    const before = rowsOfTenant(path, departing.tenantUuid);
    await expect(store.tenants.purge(departing.tenantUuid)).rejects.toThrow(ConflictError);
    await expect(store.tenants.purge(departing.tenantUuid)).rejects.toThrow(/is not deleted; delete it first/);
    expect(rowsOfTenant(path, departing.tenantUuid)).toEqual(before);
    expect(await store.tenants.purge("00000000-0000-4000-8000-000000000000")).toBeNull();
    await store.tenants.delete(departing.tenantUuid);
    expect(await store.tenants.purge(departing.tenantUuid)).not.toBeNull();
    expect(await store.tenants.purge(departing.tenantUuid)).toBeNull();
    await store.close();
  });

  it("reports its steps with the rows gone so far, out of the rows counted when it began, up to all of them", async () => {
    const { store, departing } = await withTwoTenants("progress");
    await store.tenants.delete(departing.tenantUuid);
    const steps: TenantPurgeProgress[] = [];
    const result = await store.tenants.purge(departing.tenantUuid, { rowsPerStep: 3, onProgress: (progress) => steps.push(progress) });

    // What the steps delete: every table's rows but those going otherwise (bodies with their emails, name keys with
    // their records, OAuth state by account, the tenant itself).
    const goingOtherwise = new Set(["email_bodies", "name_search_keys", "oauth_models", "tenants"]);
    const counted = Object.entries(result!.removedRows).reduce((sum, [table, count]) => (goingOtherwise.has(table) ? sum : sum + count), 0);
    expect(steps.length).toBeGreaterThan(10);
    expect(new Set(steps.map((step) => step.total))).toEqual(new Set([counted]));
    for (const [index, step] of steps.entries()) {
      expect(step.removed).toBeLessThanOrEqual(3);
      expect(step.done).toBeGreaterThanOrEqual(index === 0 ? 1 : steps[index - 1]!.done);
    }
    expect(steps.at(-1)!.done).toBe(counted);
    await store.close();
  });

  it("a purge stopped half-way is finished by running it again", async () => {
    const { path, store, departing, staying } = await withTwoTenants("interrupted");
    await store.tenants.delete(departing.tenantUuid);
    const othersBefore = rowsOfTenant(path, staying.tenantUuid);
    let steps = 0;
    const stopped = store.tenants.purge(departing.tenantUuid, {
      rowsPerStep: 1,
      onProgress: () => {
        steps += 1;
        if (steps === 12) throw new Error("stopped");
      },
    });
    await expect(stopped).rejects.toThrow("stopped");
    const half = rowsOfTenant(path, departing.tenantUuid);
    expect(half.tenants ?? []).toEqual([]);
    expect(Object.values(half).some((rows) => rows.length > 0)).toBe(true);
    const finished = await store.tenants.purge(departing.tenantUuid);
    expect(finished?.removedRows.tenants).toBe(1);
    expect(Object.entries(rowsOfTenant(path, departing.tenantUuid)).filter(([, rows]) => rows.length > 0)).toEqual([]);
    expect(rowsOfTenant(path, staying.tenantUuid)).toEqual(othersBefore);
    await store.close();
  });

  it("lets another connection write between its steps", async () => {
    const { path, store, departing, staying } = await withTwoTenants("beside");
    await store.tenants.delete(departing.tenantUuid);
    const server = await createSqliteStore({ path, now: () => NOW });
    let purging = true;
    let writesDuring = 0;
    const writes = (async () => {
      while (purging) {
        await server.companies.create({ tenant_uuid: staying.tenantUuid, company_name: `Beside ${writesDuring}` });
        if (purging) writesDuring += 1;
        // A server's writes come with pauses between them; back to back, one connection starves the other of the lock.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    try {
      await store.tenants.purge(departing.tenantUuid, { rowsPerStep: 1 });
    } finally {
      purging = false;
    }
    await writes;
    expect(writesDuring).toBeGreaterThan(5);
    await server.close();
    await store.close();
  });
});
