import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createCheckpointWorker } from "./checkpoint-worker.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-checkpoint-worker-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A WAL database that never checkpoints by itself, with `rows` notes in its WAL. */
function walDatabase(name: string, rows: number) {
  const path = join(folder, name);
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("wal_autocheckpoint = 0");
  sqlite.exec("create table notes (body text)");
  const insert = sqlite.prepare("insert into notes (body) values (?)");
  sqlite.transaction(() => {
    for (let index = 0; index < rows; index += 1) insert.run(`note ${index} `.repeat(20));
  })();
  return { path, sqlite, insert };
}

describe("createCheckpointWorker", () => {
  it("truncates the WAL into the database file from a worker thread while the caller's connection stays open", async () => {
    const { path, sqlite } = walDatabase("wal.db", 2000);
    const worker = createCheckpointWorker(path);
    try {
      const before = statSync(path).size;
      const result = await worker.checkpoint("truncate");
      expect(result.busy).toBe(0);
      expect(statSync(path).size).toBeGreaterThan(before);
      expect(statSync(`${path}-wal`).size).toBe(0);
      // The caller's connection reads on.
      expect(sqlite.prepare("select count(*) from notes").pluck().get()).toBe(2000);
    } finally {
      await worker.close();
      sqlite.close();
    }
  });

  it("copies every frame with a passive checkpoint and keeps one connection for the next ones, which start the WAL over", async () => {
    const { path, sqlite, insert } = walDatabase("passive.db", 2000);
    const worker = createCheckpointWorker(path);
    try {
      const first = await worker.checkpoint("passive");
      expect(first.busy).toBe(0);
      expect(first.checkpointed).toBe(first.log);
      const walBytes = statSync(`${path}-wal`).size;
      // Every frame copied: the next writer starts the WAL from its first frame instead of growing it.
      insert.run("one more");
      const second = await worker.checkpoint("passive");
      expect(second.log).toBeLessThan(first.log);
      expect(statSync(`${path}-wal`).size).toBe(walBytes);
    } finally {
      await worker.close();
      sqlite.close();
    }
  });

  it("copies the frames a writer appended after a passive checkpoint with a restart, and the next writer starts the WAL over", async () => {
    const { path, sqlite, insert } = walDatabase("restart.db", 2000);
    const reader = new SqliteDatabase(path);
    const worker = createCheckpointWorker(path);
    try {
      reader.exec("begin");
      reader.prepare("select count(*) from notes").get();
      const passive = await worker.checkpoint("passive");
      expect(passive.checkpointed).toBe(passive.log);
      // The reader keeps this commit from starting the WAL over, and then the WAL is no longer all copied: a writer
      // appends, as a steady one does when each commit lands while the passive checkpoint copies.
      insert.run("while a reader reads");
      reader.exec("commit");
      insert.run("appended");
      const restart = await worker.checkpoint("restart", { waitMs: 100 });
      expect(restart).toEqual({ busy: 0, log: passive.log + 2, checkpointed: passive.log + 2 });
      insert.run("from the first frame");
      expect((await worker.checkpoint("passive")).log).toBe(1);
      await expect(worker.checkpoint("restart", { waitMs: -1 })).rejects.toThrow(/"waitMs".*-1/);
    } finally {
      await worker.close();
      reader.close();
      sqlite.close();
    }
  });

  it("answers busy, having copied what it could, while a reader of another connection uses older frames", async () => {
    const { path, sqlite } = walDatabase("reader.db", 1);
    const reader = new SqliteDatabase(path);
    const worker = createCheckpointWorker(path);
    try {
      reader.exec("begin");
      reader.prepare("select count(*) from notes").get();
      sqlite.exec("insert into notes values ('second')");
      const result = await worker.checkpoint("truncate");
      expect(result.busy).toBe(1);
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    } finally {
      await worker.close();
      reader.close();
      sqlite.close();
    }
  });

  it("rejects for a file that does not exist, creating none", async () => {
    const path = join(folder, "missing.db");
    const worker = createCheckpointWorker(path);
    try {
      await expect(worker.checkpoint("passive")).rejects.toThrow(/unable to open|does not exist|directory does not exist/i);
      expect(() => statSync(path)).toThrow();
    } finally {
      await worker.close();
    }
  });

  it("closes without ever starting a thread when no checkpoint was asked for", async () => {
    await expect(createCheckpointWorker(join(folder, "never.db")).close()).resolves.toBeUndefined();
  });
});
