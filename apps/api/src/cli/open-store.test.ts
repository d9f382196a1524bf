/**
 * A command that opens a database lacking this release's migrations says on stderr that it migrates it, and how long
 * it took, before its own output; once migrated, or on a new database, it says nothing of the kind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { migratingNotice } from "./open-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-open-store-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Two migrations that only rewrite rows, so run again they find nothing to do: what a database of an earlier release lacks. */
const RERUN_MIGRATIONS = ["0056-control-characters-taken-out", "0057-message-id-forms-merged"];

/** Forgets that the database at `path` applied RERUN_MIGRATIONS. */
function forgetMigrations(path: string): void {
  const db = new SqliteDatabase(path);
  try {
    for (const name of RERUN_MIGRATIONS) db.prepare("delete from kysely_migration where name = ?").run(name);
  } finally {
    db.close();
  }
}

describe("a command opening a database of an earlier release", { timeout: 60_000 }, () => {
  it("says on stderr that it migrates it, then how long it took; stdout keeps its --json document", async () => {
    const database = join(folder, "earlier.db");
    const created = await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Acme");
    expect(created.stderr).not.toContain("migrating");
    const tenant = JSON.parse(created.stdout).uuid as string;
    forgetMigrations(database);

    const listed = await runRapportInProcess(database, "--json", "tenants", "list");
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ uuid: tenant })]);
    expect(listed.stderr).toMatch(
      new RegExp(`^migrating the database .*earlier\\.db to this release \\(2 pending migrations: ${RERUN_MIGRATIONS.join(", ")}\\); .*\nmigrated the database in \\d+\\.\\d s\n$`),
    );

    expect(await runRapportInProcess(database, "tenants", "list")).toMatchObject({ code: 0, stderr: "" });
  });
});

describe("migratingNotice", () => {
  it("names a few pending migrations each, and more than three by their first and last, as rapport status does", () => {
    const names = Array.from({ length: 66 }, (_name, index) => `${String(index + 31).padStart(4, "0")}-step-${index + 31}`);
    const line = migratingNotice("/srv/rapport.db", names);
    expect(line).toBe(
      "migrating the database /srv/rapport.db to this release (66 pending migrations: 0031-step-31 to 0096-step-96); " +
        "a large database takes minutes, and a process stopped meanwhile leaves it as it was\n",
    );
    expect(migratingNotice("/srv/rapport.db", names.slice(0, 3))).toContain("(3 pending migrations: 0031-step-31, 0032-step-32, 0033-step-33)");
  });
});
