/** The store's WAL checkpoints run on a worker thread, never in a commit: what the files show. */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryDatabasePath(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-checkpoints-"));
  folders.push(folder);
  return join(folder, "rapport.db");
}

const PAGE = 4096;
const walBytes = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
/** A value of about `pages` database pages, different for each `seed`. */
const valueOfPages = (pages: number, seed: number) => `${seed}:`.padEnd(pages * PAGE, String.fromCharCode(97 + (seed % 26)));

describe("createSqliteStore's checkpoints", () => {
  it("copies no WAL into the database file at a commit, even past the 10,000 pages after which SQLite's automatic checkpoint would", async () => {
    const path = temporaryDatabasePath();
    // No background checkpoint during the test.
    const store = await createSqliteStore({ path, checkpointIntervalMs: 3_600_000 });
    try {
      const fileBytes = statSync(path).size;
      for (let index = 0; index < 11; index += 1) await store.settings.set(`large-${index}`, valueOfPages(1_000, index));
      expect(walBytes(path)).toBeGreaterThan(10_000 * PAGE);
      expect(statSync(path).size).toBe(fileBytes);
    } finally {
      await store.close();
    }
  });

  it("checkpoints the WAL into the database file on its own, while no request runs", async () => {
    const path = temporaryDatabasePath();
    const store = await createSqliteStore({ path, checkpointIntervalMs: 20 });
    try {
      await store.settings.set("written", valueOfPages(300, 1));
      const fileBytes = statSync(path).size;
      await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(fileBytes + 300 * PAGE), { timeout: 30_000, interval: 10 });
      expect(await store.settings.get("written")).toBe(valueOfPages(300, 1));
    } finally {
      await store.close();
    }
  });

  it("keeps the WAL to a fraction of what a steady writer writes, starting it over after each checkpoint", async () => {
    const path = temporaryDatabasePath();
    const store = await createSqliteStore({ path, checkpointIntervalMs: 10 });
    try {
      const writes = 40;
      const pagesEach = 100;
      let largestWal = 0;
      for (let index = 0; index < writes; index += 1) {
        const fileBytes = statSync(path).size;
        await store.settings.set(`steady-${index}`, valueOfPages(pagesEach, index));
        largestWal = Math.max(largestWal, walBytes(path));
        // The next write comes once a checkpoint has copied this one into the database file: waiting a fixed time
        // instead let a busy machine's checkpoint thread fall behind, and the WAL grow with the writes it had not copied.
        await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThanOrEqual(fileBytes + pagesEach * PAGE), { timeout: 30_000, interval: 5 });
      }
      // Without checkpoints between them the WAL would hold every write: 4,000 pages.
      expect(largestWal).toBeLessThan((writes * pagesEach * PAGE) / 2);
    } finally {
      await store.close();
    }
  });

  it("lets a backup copy exactly the commits before it while checkpoints and writes go on beside it", async () => {
    const path = temporaryDatabasePath();
    const store = await createSqliteStore({ path, checkpointIntervalMs: 5 });
    try {
      for (let index = 0; index < 30; index += 1) await store.settings.set(`before-${index}`, valueOfPages(100, index));
      let during = 0;
      const writes: Array<Promise<void>> = [];
      const copy = await store.backup(join(path, "..", "copy.db"), {
        onProgress: () => {
          writes.push(store.settings.set(`during-${during}`, valueOfPages(50, during)));
          during += 1;
        },
      });
      await Promise.all(writes);
      expect(during).toBeGreaterThan(1);
      const copied = await createSqliteStore({ path: copy.path });
      try {
        expect(await copied.settings.get("before-29")).toBe(valueOfPages(100, 29));
        expect(await copied.settings.get("during-0")).toBeNull();
      } finally {
        await copied.close();
      }
      expect(await store.settings.get(`during-${during - 1}`)).toBe(valueOfPages(50, during - 1));
    } finally {
      await store.close();
    }
  });

  it("leaves no WAL beside the file once closed, the last checkpoint's rows in the file", async () => {
    const path = temporaryDatabasePath();
    const store = await createSqliteStore({ path, checkpointIntervalMs: 20 });
    await store.settings.set("kept", "the last write");
    await store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = await createSqliteStore({ path });
    expect(await reopened.settings.get("kept")).toBe("the last write");
    await reopened.close();
  });

  it("refuses a checkpoint interval that is not a positive number of milliseconds, creating no file", async () => {
    const path = temporaryDatabasePath();
    await expect(createSqliteStore({ path, checkpointIntervalMs: 0 })).rejects.toThrow(InvalidInputError);
    await expect(createSqliteStore({ path, checkpointIntervalMs: Number.NaN })).rejects.toThrow(/"checkpointIntervalMs".*NaN/);
    expect(existsSync(path)).toBe(false);
  });
});
