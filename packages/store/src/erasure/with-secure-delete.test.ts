import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { ImmediateTransactionsSqliteDialect } from "../sqlite/immediate-transactions.js";
import { withStatementCache } from "../sqlite/statement-cache.js";
import { withSecureDelete } from "./with-secure-delete.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-secure-delete-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A database file with the store's dialect and statement cache, in rollback-journal mode: deletes reach the file. */
function openDatabase(name: string) {
  const path = join(folder, name);
  const sqlite = new SqliteDatabase(path);
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionsSqliteDialect({ database: withStatementCache(sqlite) }) });
  const secureDelete = async () => (await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db)).rows[0]!.secure_delete;
  return { path, sqlite, db, secureDelete };
}

describe("withSecureDelete", () => {
  it("overwrites the deleted rows, a long value's overflow pages included, and puts the setting back", async () => {
    const { path, sqlite, db, secureDelete } = openDatabase("delete.db");
    try {
      sqlite.exec("create table notes (body text)");
      const insert = sqlite.prepare("insert into notes (body) values (?)");
      insert.run("kept note");
      insert.run("Qvortrup short");
      insert.run("Kvetchbourne long ".repeat(1_000));
      const remove = (body: string) => db.transaction().execute((transaction) => withSecureDelete(transaction, () => sql`delete from notes where body like ${body}`.execute(transaction)));
      await remove("Qvortrup%");
      await remove("Kvetchbourne%");
      const bytes = readFileSync(path);
      expect(bytes.includes(Buffer.from("Qvortrup"))).toBe(false);
      expect(bytes.includes(Buffer.from("Kvetchbourne"))).toBe(false);
      expect(bytes.includes(Buffer.from("kept note"))).toBe(true);
      expect(await secureDelete()).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it("puts back the connection's own setting, fast included, when the work fails", async () => {
    const { db, secureDelete } = openDatabase("failing.db");
    try {
      await sql`pragma secure_delete = fast`.execute(db);
      let during = -1;
      await expect(
        db.transaction().execute((transaction) =>
          withSecureDelete(transaction, async () => {
            during = (await sql<{ secure_delete: number }>`pragma secure_delete`.execute(transaction)).rows[0]!.secure_delete;
            throw new Error("abort");
          }),
        ),
      ).rejects.toThrow("abort");
      expect(during).toBe(1);
      expect(await secureDelete()).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it("keeps the setting to its transaction: a request on the shared connection meanwhile runs after it, under the old setting", async () => {
    const { db, secureDelete } = openDatabase("shared.db");
    try {
      let concurrent: Promise<number> | undefined;
      await db.transaction().execute((transaction) =>
        withSecureDelete(transaction, async () => {
          concurrent = secureDelete();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      );
      expect(await concurrent).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it("refuses the database handle itself, whose connection other requests share between statements", async () => {
    const { db } = openDatabase("refused.db");
    try {
      await expect(withSecureDelete(db, async () => 1)).rejects.toThrow("withSecureDelete: expecting a transaction, got the database handle itself");
    } finally {
      await db.destroy();
    }
  });
});
