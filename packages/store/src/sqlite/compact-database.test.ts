import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { ConflictError, IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import { compactDatabase } from "./compact-database.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { databaseStatus } from "./database-status.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-compact-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function databaseWithDeletedRows(path: string) {
  const store = await createSqliteStore({ path });
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const kept = await store.persons.create({ tenant_uuid: tenantUuid, name: "Kept Person", emails: ["kept@acme.example"] });
  await store.transaction(async (transaction) => {
    for (let index = 0; index < 2_000; index += 1) {
      await transaction.persons.create({ tenant_uuid: tenantUuid, name: `Bulk ${index} ${"x".repeat(200)}` });
    }
  });
  await store.close();
  // Deleted outside the store, under SQLite's default: the freed pages keep their bytes.
  const raw = new SqliteDatabase(path);
  raw.pragma("secure_delete = off");
  raw.exec("delete from persons where name like 'Bulk %'");
  raw.close();
  return { tenantUuid, kept };
}

describe("compactDatabase", () => {
  it("rewrites the file from its live rows: deleted rows' bytes gone, free pages given back, the data intact", async () => {
    const path = join(folder, "compact.db");
    const { tenantUuid, kept } = await databaseWithDeletedRows(path);
    const before = statSync(path).size;
    expect(readFileText(path)).toContain("Bulk 1999");
    expect((await databaseStatus(path)).freeBytes).toBeGreaterThan(2_000 * 200);

    const result = compactDatabase(path);

    expect(result.path).toBe(path);
    expect(result.bytesBefore).toBe(before);
    expect(result.bytesAfter).toBe(statSync(path).size);
    // The persons pages freed by the deletion go back (other tables still hold the deleted persons rows derived from them).
    expect(result.bytesAfter).toBeLessThan(before - 2_000 * 200);
    expect(readFileText(path)).not.toContain("Bulk ");
    expect((await databaseStatus(path)).freeBytes).toBe(0);
    const check = new SqliteDatabase(path, { readonly: true });
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(check.pragma("journal_mode", { simple: true })).toBe("wal");
    check.close();
    const store = await createSqliteStore({ path });
    try {
      expect((await store.persons.get(tenantUuid, kept.uuid))?.name).toBe("Kept Person");
    } finally {
      await store.close();
    }
  });

  it("refuses while another process's connection has the file open, and changes nothing", async () => {
    const path = join(folder, "open.db");
    await databaseWithDeletedRows(path);
    const server = new SqliteDatabase(path);
    server.prepare("select count(*) from persons").get();
    try {
      const before = statSync(path).size;
      expect(() => compactDatabase(path)).toThrow(ConflictError);
      expect(() => compactDatabase(path)).toThrow(/is open in another process .*stop it first/);
      expect(statSync(path).size).toBe(before);
    } finally {
      server.close();
    }
  });

  it("refuses a missing file and :memory:", () => {
    expect(() => compactDatabase(join(folder, "missing.db"))).toThrow(InvalidInputError);
    expect(() => compactDatabase(":memory:")).toThrow(/no file to compact/);
  });

  it("refuses another application's SQLite database, leaving its rows as they were (VACUUM may renumber them)", () => {
    const path = join(folder, "bookmarks.db");
    const other = new SqliteDatabase(path);
    other.exec("create table bookmarks (url text); insert into bookmarks values ('a'), ('b'), ('c'); delete from bookmarks where url = 'a'");
    other.close();
    const before = readFileSync(path);
    expect(() => compactDatabase(path)).toThrow(IncompatibleDatabaseError);
    expect(() => compactDatabase(path)).toThrow(/is not a Rapport database: it has tables \(bookmarks\)/);
    expect(readFileSync(path).equals(before)).toBe(true);
    const reader = new SqliteDatabase(path, { readonly: true });
    expect(reader.prepare("select rowid, url from bookmarks").all()).toEqual([{ rowid: 2, url: "b" }, { rowid: 3, url: "c" }]);
    reader.close();
  });
});

function readFileText(path: string): string {
  return readFileSync(path).toString("latin1");
}
