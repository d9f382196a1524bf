import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { checkpointOffThread } from "./checkpoint-off-thread.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-checkpoint-off-thread-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("checkpointOffThread", () => {
  it("copies the WAL into the database file and empties it from a worker thread while the caller's connection stays open", async () => {
    const path = join(folder, "wal.db");
    const sqlite = new SqliteDatabase(path);
    try {
      sqlite.pragma("journal_mode = WAL");
      sqlite.pragma("wal_autocheckpoint = 0");
      sqlite.exec("create table notes (body text)");
      const insert = sqlite.prepare("insert into notes (body) values (?)");
      sqlite.transaction(() => {
        for (let index = 0; index < 2000; index += 1) insert.run(`note ${index} `.repeat(20));
      })();
      const before = statSync(path).size;
      const result = await checkpointOffThread(path);
      expect(result.busy).toBe(0);
      expect(statSync(path).size).toBeGreaterThan(before);
      expect(statSync(`${path}-wal`).size).toBe(0);
      // The caller's connection reads on.
      expect(sqlite.prepare("select count(*) from notes").pluck().get()).toBe(2000);
    } finally {
      sqlite.close();
    }
  });

  it("answers busy, having copied what it could, while a reader of another connection uses older frames", async () => {
    const path = join(folder, "reader.db");
    const sqlite = new SqliteDatabase(path);
    const reader = new SqliteDatabase(path);
    try {
      sqlite.pragma("journal_mode = WAL");
      sqlite.pragma("wal_autocheckpoint = 0");
      sqlite.exec("create table notes (body text); insert into notes values ('first')");
      reader.exec("begin");
      reader.prepare("select count(*) from notes").get();
      sqlite.exec("insert into notes values ('second')");
      const result = await checkpointOffThread(path);
      expect(result.busy).toBe(1);
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    } finally {
      reader.close();
      sqlite.close();
    }
  });

  it("rejects for a file that does not exist, creating none", async () => {
    const path = join(folder, "missing.db");
    await expect(checkpointOffThread(path)).rejects.toThrow(/unable to open|does not exist|directory does not exist/i);
    expect(() => statSync(path)).toThrow();
  });
});
