/**
 * `rapport tenants import`: a tenant exported from one server and imported into another answers the same GETs there
 * (relationship fields, an opportunity, a list's members in order, a file's bytes), beside a tenant of that server that
 * stays untouched and out of sight; a bad line, a manifest that does not match, an unknown format version, a tenant
 * that exists or Ctrl-C leave nothing behind.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { runRapportInProcess, runRapportInProcessWatchingStderr } from "../testing/in-process-cli.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";

let source: TestContext;
let target: TestContext;
let moving: PopulatedTenant;
let resident: TestTenant;
let folder: string;
let exportFolder: string;
let exportFile: string;
/** A server's database without tenants, where the export's uuids are free. */
let emptyDatabase: string;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestContext(), createTestContext()]);
  moving = await buildPopulatedTenant(source.services, "Moving");
  resident = await buildTenant(target.services, { name: "Resident" });
  await target.services.store.persons.create({ tenant_uuid: resident.tenant.uuid, name: "Rita Resident", emails: ["person@moving.example"] });
  folder = join(target.databasePath, "..", "exports");
  mkdirSync(folder);
  exportFolder = join(folder, "moving");
  exportFile = join(folder, "moving.jsonl");
  emptyDatabase = join(folder, "empty.db");
  copyFileSync(inject("migratedDatabasePath"), emptyDatabase);
  for (const out of [exportFolder, exportFile]) expect((await runRapportInProcess(source.databasePath, "tenants", "export", "--tenant", moving.tenant.uuid, "--out", out)).code).toBe(0);
}, 30_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
});

const tenantCount = async () => (await target.services.store.tenants.list()).length;

describe("rapport tenants import", { timeout: 30_000 }, () => {
  it("makes the exported tenant on another server, answering the same GETs there, the server's own tenant untouched and apart", async () => {
    const result = await runRapportInProcess(target.databasePath, "tenants", "import", "--from", exportFolder);
    expect(result.code, result.stderr).toBe(0);
    const tenantUuid = moving.tenant.uuid;
    expect(result.stdout).toMatch(new RegExp(`^imported tenant ${tenantUuid} \\(Moving Tenant\\) from ${exportFolder}: \\d+ records\\n  users {2,}2\\n`));
    expect(result.stdout).toContain(
      `the users come without API keys, passwords or OAuth grants (not exported: this server issues its own): give each one who needs it a key (rapport keys create --tenant ${tenantUuid} --user U)`,
    );
    expect(result.stdout).toContain("an MCP client connected through OAuth connects again once its user has a password here");

    // The host gives the moved firm its keys; the old server's keys do not open it.
    const key = (await issueApiKey(target.services.store, { tenantUuid })).plaintext;
    expect((await target.json("/v1/persons", { key: moving.key })).status).toBe(401);
    const { pathIds } = moving;
    const same = async (path: string) => {
      const [before, after] = await Promise.all([source.json(path, { key: moving.key }), target.json(path, { key })]);
      expect(after, path).toEqual(before);
      expect(JSON.stringify(after.body), path).not.toContain('"items":[]');
    };
    await same(`/v1/persons/${pathIds.person_uuid}`);
    await same(`/v1/persons?per_page=50`);
    await same(`/v1/companies/${pathIds.company_uuid}`);
    await same(`/v1/opportunities/${pathIds.opportunity_uuid}`);
    // What the store derives and indexes: the name order, the name and opportunity searches, the activity dates.
    await same(`/v1/persons?sort_by=name&name=moving`);
    await same(`/v1/opportunities?search=moving%20person&sort_by=last_activity_date`);
    await same(`/v1/lists/${pathIds.list_uuid}/entities`);
    await same(`/v1/tasks/${pathIds.task_id}`);
    await same(`/v1/deletions?per_page=50`);
    const bytes = async (context: TestContext, apiKey: string) => (await context.request(`/v1/files/${pathIds.file_uuid}/content`, { key: apiKey })).text();
    expect(await bytes(target, key)).toBe(await bytes(source, moving.key));
    // The resident tenant sees none of it, and keeps its own.
    expect((await target.json(`/v1/persons/${pathIds.person_uuid}`, { key: resident.key })).status).toBe(404);
    expect(((await target.json("/v1/persons?per_page=50", { key: resident.key })).body!.items as Array<{ name: string }>).map((person) => person.name)).toContain("Rita Resident");
  });

  it("refuses a bad line naming its file, line and field, a manifest its lines do not match, an unknown format version and a tenant that exists, leaving nothing", async () => {
    const tenants = await tenantCount();
    const rapport = (from: string) => runRapportInProcess(emptyDatabase, "tenants", "import", "--from", from);
    const lines = readFileSync(exportFile, "utf8").split("\n");
    const at = lines.findIndex((line) => line.startsWith('{"kind":"persons"'));
    const edited = (change: (record: Record<string, unknown>) => void) =>
      lines.map((line, index) => {
        if (index !== at) return line;
        const parsed = JSON.parse(line) as { record: Record<string, unknown> };
        change(parsed.record);
        return JSON.stringify(parsed);
      });
    const bad = join(folder, "bad.jsonl");
    writeFileSync(bad, edited((record) => (record.emails = [{ address: 5, is_primary: true }])).join("\n"));
    const refused = await rapport(bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`\nrapport: bad.jsonl line ${at + 1} \\(persons\\): field "emails\\[0\\].address": expecting a non-empty string, got 5\n$`));
    const lastDeletion = lines.findLastIndex((line) => line.startsWith('{"kind":"deletions"'));
    writeFileSync(bad, lines.filter((_, index) => index !== lastDeletion).join("\n"));
    expect((await rapport(bad)).stderr).toMatch(/\nrapport: the export does not hold what its manifest says: deletions: (\d+) records, the manifest says \d+\n$/);
    writeFileSync(bad, [lines[0]!.replace('"format_version":1', '"format_version":2'), ...lines.slice(1)].join("\n"));
    expect((await rapport(bad)).stderr).toMatch(/^rapport: bad.jsonl line 1: format version 2, which this release does not read \(it reads 1;/);
    expect(await runRapportInProcess(source.databasePath, "tenants", "import", "--from", exportFile)).toMatchObject({
      code: 1,
      stderr: `rapport: tenant ${moving.tenant.uuid} exists on this server: pass --tenant with a new UUID to import under another\n`,
    });
    // Its records' uuids are the old tenant's, there still.
    const other = "5e0f0f0f-0000-4000-8000-000000000001";
    expect((await runRapportInProcess(source.databasePath, "tenants", "import", "--from", exportFile, "--tenant", other)).stderr).toMatch(/^rapport: .*another tenant's record on this server has this uuid/);
    expect(await tenantCount()).toBe(tenants);
    expect(await source.services.store.tenants.get(other)).toBeNull();
    expect((await runRapportInProcess(emptyDatabase, "tenants", "list")).stdout).not.toContain(moving.tenant.uuid);
  });

  it("makes the database where there is none, a server of the firm's own, and removes it again when the import or the opening fails", async () => {
    const fresh = join(folder, "own-server", "rapport.db");
    const made = await runRapportInProcess(fresh, "tenants", "import", "--from", exportFile);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain(`rapport: no database was at ${fresh}: created a new, empty one`);
    expect((await runRapportInProcess(fresh, "tenants", "list")).stdout).toContain(moving.tenant.uuid);
    const refusedFresh = join(folder, "refused.db");
    // A line refused part-way, after the database was made.
    const bad = join(folder, "bad-person.jsonl");
    const lines = readFileSync(exportFile, "utf8").split("\n");
    const at = lines.findIndex((line) => line.startsWith('{"kind":"persons"'));
    writeFileSync(bad, lines.map((line, index) => (index === at ? line.replace('"name":', '"name":5,"was_name":') : line)).join("\n"));
    const refused = await runRapportInProcess(refusedFresh, "tenants", "import", "--from", bad);
    // Not said before the refusal: the database it names is removed again (it said "created" and then refused).
    expect(refused.stderr).not.toContain("created a new, empty one");
    expect(refused.stderr).toMatch(/\nrapport: bad-person.jsonl line \d+ \(persons\): field "name": expecting a non-empty string, got 5\n$/);
    expect(existsSync(refusedFresh) || existsSync(`${refusedFresh}-wal`)).toBe(false);
    // The opening failing once the file is made, as a full disk fails it: neither the zero-byte file nor its folder stays.
    const unopened = join(folder, "unopened", "rapport.db");
    const saved = process.env.RAPPORT_SQLITE_SYNCHRONOUS;
    process.env.RAPPORT_SQLITE_SYNCHRONOUS = "sometimes";
    const failed = await runRapportInProcess(unopened, "tenants", "import", "--from", exportFile).finally(() => {
      if (saved === undefined) delete process.env.RAPPORT_SQLITE_SYNCHRONOUS;
      else process.env.RAPPORT_SQLITE_SYNCHRONOUS = saved;
    });
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("RAPPORT_SQLITE_SYNCHRONOUS: expecting normal or full") });
    expect(existsSync(join(folder, "unopened"))).toBe(false);
  });

  it("rolls back on Ctrl-C and exits 130", async () => {
    const other = "5e0f0f0f-0000-4000-8000-000000000002";
    let sent = false;
    const result = await runRapportInProcessWatchingStderr(
      "",
      (written) => {
        if (!sent && written.includes("import:")) {
          sent = true;
          process.kill(process.pid, "SIGINT");
        }
      },
      emptyDatabase,
      "tenants",
      "import",
      "--from",
      exportFile,
      "--tenant",
      other,
      "--name",
      "Interrupted",
    );
    expect(result).toMatchObject({ code: 130 });
    expect(result.stderr).toContain(`rapport: interrupted: tenant ${other} not imported (nothing of it was kept)\n`);
    expect((await runRapportInProcess(emptyDatabase, "tenants", "list")).stdout).not.toContain(other);
  });

  it("names in tenants list an import a killed process left, which tenants purge removes", async () => {
    const left = "5e0f0f0f-0000-4000-8000-000000000003";
    expect((await runRapportInProcess(emptyDatabase, "tenants", "import", "--from", exportFile, "--tenant", left)).code).toBe(0);
    // As a killed import leaves it: marked, its process gone (no process has this id).
    const db = new SqliteDatabase(emptyDatabase);
    db.prepare("update tenants set importing_pid = 2147483646 where uuid = ?").run(left);
    db.close();
    const listed = await runRapportInProcess(emptyDatabase, "tenants", "list");
    expect(listed.stdout).not.toContain(left);
    expect(listed.stderr).toContain(`tenant ${left} (Moving Tenant): an import stopped (process 2147483646) left rows: rapport tenants purge --tenant ${left} --yes`);
    expect((await runRapportInProcess(emptyDatabase, "tenants", "purge", "--tenant", left, "--yes")).code).toBe(0);
    expect((await runRapportInProcess(emptyDatabase, "tenants", "list")).stderr).not.toContain(left);
  });
});
