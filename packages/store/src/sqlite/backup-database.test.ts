import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { ConflictError, IncompatibleDatabaseError, InvalidInputError } from "../errors.js";
import type { Store, StoreBackupProgress } from "../store.js";
import { BACKUP_PAGES_PER_STEP, backupDatabase } from "./backup-database.js";
import { createSqliteStore } from "./create-sqlite-store.js";

const folders: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-backup-"));
  folders.push(folder);
  return folder;
}

async function openStore(path: string): Promise<Store> {
  const store = await createSqliteStore({ path });
  stores.push(store);
  return store;
}

/** A store on a file with one tenant and `files` blobs of 1 MiB each, so that a copy takes several steps. */
async function storeWithFiles(folder: string, files: number) {
  const path = join(folder, "rapport.db");
  const store = await openStore(path);
  const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
  for (let index = 0; index < files; index += 1) {
    const content = new Uint8Array(1_048_576).fill(index);
    await store.files.create({ tenant_uuid: tenant.uuid, filename: `file-${index}.bin`, content_type: "application/octet-stream", content });
  }
  return { path, store, tenantUuid: tenant.uuid };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("store.backup", () => {
  it("copies a consistent snapshot while another store on the file keeps ingesting emails", { timeout: 60_000 }, async () => {
    const folder = temporaryFolder();
    const { path, store, tenantUuid } = await storeWithFiles(folder, 12);
    const writer = await openStore(path);
    let written = 0;
    let stopped = false;
    const writing = (async () => {
      while (!stopped) {
        await writer.emails.ingest(tenantUuid, {
          message_id: `m-${written}`,
          sent_at: 1_700_000_000_000 + written,
          from: { email: `sender-${written}@example.com` },
          to: [{ email: "ada@acme.example" }, { email: `reader-${written}@example.com` }],
        });
        written += 1;
        await turn();
      }
    })();
    while (written < 5) await turn();

    const writtenAtStart = written;
    const progress: Array<StoreBackupProgress & { written: number }> = [];
    const copy = join(folder, "copy.db");
    let result;
    try {
      result = await store.backup(copy, {
        onProgress: (step) => {
          // A copy that starts over whenever another connection commits would never finish under this writer.
          if (step.bytesCopied <= (progress.at(-1)?.bytesCopied ?? 0)) throw new Error("the copy started over");
          progress.push({ ...step, written });
        },
      });
    } finally {
      stopped = true;
      await writing;
    }
    const writtenAtEnd = written;

    // The copy took several steps, and emails were written between them.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)!.written).toBeGreaterThan(progress[0]!.written);
    expect(progress[0]!.bytesCopied).toBe(BACKUP_PAGES_PER_STEP * 4096);
    expect(result).toEqual({ path: copy, bytes: progress[0]!.bytesTotal });

    // One self-contained file, nothing left beside it.
    expect(readdirSync(folder).filter((name) => name.startsWith("copy") || name.includes(".partial"))).toEqual(["copy.db"]);
    const raw = new SqliteDatabase(copy, { readonly: true });
    try {
      expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
      const emails = raw.prepare("select uuid, message_id from emails").all() as Array<{ uuid: string; message_id: string }>;
      // Exactly the emails committed before the copy began: m-0 ... m-(k-1), each with its three participants.
      expect(emails.length).toBeGreaterThanOrEqual(writtenAtStart);
      expect(emails.length).toBeLessThan(writtenAtEnd);
      expect(emails.map((email) => email.message_id).sort()).toEqual(Array.from({ length: emails.length }, (_, index) => `m-${index}`).sort());
      const participants = raw.prepare("select count(*) from email_participants where email_uuid = ?").pluck();
      for (const email of emails) expect(participants.get(email.uuid)).toBe(3);
      expect(raw.prepare("select count(*) from file_contents").pluck().get()).toBe(12);
    } finally {
      raw.close();
    }

    const reopened = await openStore(copy);
    expect(await reopened.emails.get(tenantUuid, "m-0")).toMatchObject({ message_id: "m-0" });
    const migrations = (file: string) => {
      const database = new SqliteDatabase(file, { readonly: true });
      try {
        return database.prepare("select name from kysely_migration order by name").pluck().all();
      } finally {
        database.close();
      }
    };
    expect(migrations(copy)).toEqual(migrations(path));
  });

  it("refuses the database itself, an existing file unless told to replace it, and a missing folder, writing nothing", async () => {
    const folder = temporaryFolder();
    const { path, store, tenantUuid } = await storeWithFiles(folder, 0);
    const before = readdirSync(folder).sort();

    await expect(store.backup(path)).rejects.toThrow(InvalidInputError);
    await expect(store.backup(path, { replace: true })).rejects.toThrow(/is the database itself/);
    await expect(store.backup(`${path}-wal`, { replace: true })).rejects.toThrow(/is the database itself/);
    symlinkSync(path, join(folder, "link.db"));
    await expect(store.backup(join(folder, "link.db"), { replace: true })).rejects.toThrow(/is the database itself \(a link to it\)/);
    rmSync(join(folder, "link.db"));
    // Through a link to its folder: the -shm (and -wal, -journal) the path then names are the database's own.
    const linkedFolder = `${folder}-link`;
    symlinkSync(folder, linkedFolder);
    folders.push(linkedFolder);
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      const viaLink = join(linkedFolder, `${basename(path)}${suffix}`);
      await expect(store.backup(viaLink, { replace: true }), suffix).rejects.toThrow(`${viaLink} is the database itself (or one of its files)`);
    }
    await expect(store.backup(join(folder, "missing", "copy.db"))).rejects.toThrow(`the folder ${join(folder, "missing")} does not exist`);
    await expect(store.backup(" ")).rejects.toThrow(InvalidInputError);
    mkdirSync(join(folder, "a-folder"));
    await expect(store.backup(join(folder, "a-folder"), { replace: true })).rejects.toThrow(/is a folder/);
    rmSync(join(folder, "a-folder"), { recursive: true });

    const existing = join(folder, "existing.db");
    writeFileSync(existing, "keep me");
    await expect(store.backup(existing)).rejects.toThrow(ConflictError);
    expect(readdirSync(folder).sort()).toEqual([...before, "existing.db"].sort());

    const replaced = await store.backup(existing, { replace: true });
    expect(replaced.path).toBe(existing);
    const copy = await openStore(existing);
    expect(await copy.tenants.get(tenantUuid)).toMatchObject({ name: "Acme" });
  });

  it("writes the copy readable and writable by its owner only, a new file or one replaced", async () => {
    const folder = temporaryFolder();
    const { path, store } = await storeWithFiles(folder, 0);
    chmodSync(path, 0o644);
    const fresh = await store.backup(join(folder, "fresh.db"));
    expect(statSync(fresh.path).mode & 0o777).toBe(0o600);
    const existing = join(folder, "existing.db");
    writeFileSync(existing, "an older backup", { mode: 0o644 });
    const replaced = await store.backup(existing, { replace: true });
    expect(statSync(replaced.path).mode & 0o777).toBe(0o600);
  });

  it("leaves no partial file when the copy fails midway", async () => {
    const folder = temporaryFolder();
    const { store } = await storeWithFiles(folder, 6);
    const before = readdirSync(folder).sort();
    await expect(
      store.backup(join(folder, "copy.db"), {
        onProgress: () => {
          throw new Error("disk unplugged");
        },
      }),
    ).rejects.toThrow("disk unplugged");
    expect(readdirSync(folder).sort()).toEqual(before);
  });

  it("stops at its next step when its signal is aborted, leaving no partial file", async () => {
    const folder = temporaryFolder();
    const { store } = await storeWithFiles(folder, 12);
    const before = readdirSync(folder).sort();
    const controller = new AbortController();
    const copied: number[] = [];
    await expect(
      store.backup(join(folder, "copy.db"), {
        signal: controller.signal,
        onProgress: ({ bytesCopied }) => {
          copied.push(bytesCopied);
          controller.abort(new Error("interrupted"));
        },
      }),
    ).rejects.toThrow("interrupted");
    expect(copied).toHaveLength(1);
    expect(readdirSync(folder).sort()).toEqual(before);
    await expect(store.backup(join(folder, "copy.db"), { signal: controller.signal })).rejects.toThrow("interrupted");
    expect(readdirSync(folder).sort()).toEqual(before);
  });

  it("refuses another application's SQLite database, leaving no file (no restore would take the copy)", async () => {
    const folder = temporaryFolder();
    const path = join(folder, "bookmarks.db");
    const other = new SqliteDatabase(path);
    other.exec("create table bookmarks (url text)");
    other.close();
    await expect(backupDatabase(path, join(folder, "copy.db"))).rejects.toThrow(IncompatibleDatabaseError);
    expect(readdirSync(folder).sort()).toEqual(["bookmarks.db"]);
    // An empty file SQLite made a database is no application's: copied.
    const empty = join(folder, "empty.db");
    new SqliteDatabase(empty).close();
    expect((await backupDatabase(empty, join(folder, "empty-copy.db"))).path).toBe(join(folder, "empty-copy.db"));
  });

  it("refuses a store without a file", async () => {
    const store = await createSqliteStore({ path: ":memory:" });
    stores.push(store);
    await expect(store.backup(join(temporaryFolder(), "copy.db"))).rejects.toThrow('a ":memory:" database has no file to copy');
  });
});
