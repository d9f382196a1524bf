import { spawn } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "./create-sqlite-store.js";
import { ImmediateTransactionsSqliteDialect } from "./immediate-transactions.js";
import { migratedDatabasePages } from "./memory-database-image.js";
import { migrations } from "./migrations/index.js";
import { createDatabaseFile } from "./new-database-file.js";
import type { MigrationEvent } from "./observed-migrations.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) {
    chmodSync(folder, 0o700);
    rmSync(folder, { recursive: true, force: true });
  }
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "rapport-new-database-"));
  folders.push(folder);
  return folder;
}

const SETTINGS = { lockWaitMs: 5000, mmapBytes: 0, synchronous: "normal", onMigration: undefined } as const;
const migrationNames = Object.keys(migrations).sort();

/** Everything of a closed database file that a new one must share with one migrated in place. */
function describeFile(path: string) {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const pragma = (name: string) => sqlite.pragma(name, { simple: true });
    return {
      schema: sqlite.prepare("select type, name, tbl_name, sql from sqlite_master order by type, name").all(),
      migrations: sqlite.prepare("select name from kysely_migration order by name").pluck().all(),
      migrationLock: sqlite.prepare("select * from kysely_migration_lock").all(),
      settings: Object.fromEntries(["journal_mode", "page_size", "user_version", "application_id", "auto_vacuum", "encoding"].map((name) => [name, pragma(name)])),
      integrity: pragma("integrity_check"),
      mode: statSync(path).mode,
    };
  } finally {
    sqlite.close();
  }
}

/** Opens and closes a store at `path`, with the migration events it was told. */
async function openAndClose(path: string): Promise<MigrationEvent[]> {
  const events: MigrationEvent[] = [];
  const store = await createSqliteStore({ path, onMigration: (event) => events.push(event) });
  await store.tenants.create({ name: "Acme", tier: "standard" });
  await store.close();
  return events;
}

describe("createSqliteStore on a new file", () => {
  it("copies the process's migrated image instead of migrating, into the database a file migrated in place is", async () => {
    const folder = temporaryFolder();
    const started = new Date().toISOString();
    // A zero-byte file is opened as SQLite makes it a database: every migration runs on the file.
    const inPlace = join(folder, "in-place.db");
    writeFileSync(inPlace, "");
    const inPlaceEvents = await openAndClose(inPlace);
    expect(inPlaceEvents.filter((event) => event.event === "finished").map((event) => event.migration)).toEqual(migrationNames);
    await migratedDatabasePages(SETTINGS);

    const copied = join(folder, "copied.db");
    expect(await openAndClose(copied)).toEqual([]);
    expect(readdirSync(folder).sort()).toEqual(["copied.db", "in-place.db"]);
    const { mode: _, ...expected } = describeFile(inPlace);
    const created = describeFile(copied);
    expect(created).toEqual({ ...expected, mode: created.mode });
    expect(created.migrations).toEqual(migrationNames);
    expect(created.settings.journal_mode).toBe("wal");
    const recorded = new SqliteDatabase(copied, { readonly: true });
    const times = recorded.prepare("select timestamp from kysely_migration").pluck().all() as string[];
    recorded.close();
    for (const time of times) expect(time >= started).toBe(true);
  });

  it("gives the file the mode SQLite gives a file it creates, under the process's umask", async () => {
    const folder = temporaryFolder();
    await migratedDatabasePages(SETTINGS);
    const previous = process.umask(0o027);
    try {
      // The mode SQLite gives a database file it creates.
      const bySqlite = new SqliteDatabase(join(folder, "by-sqlite.db"));
      bySqlite.close();
      await openAndClose(join(folder, "copied.db"));
    } finally {
      process.umask(previous);
    }
    expect(statSync(join(folder, "copied.db")).mode & 0o777).toBe(0o640);
    expect(statSync(join(folder, "copied.db")).mode).toBe(statSync(join(folder, "by-sqlite.db")).mode);
  });

  it("opens a file another process made meanwhile as it is, replacing nothing and leaving no temporary file", async () => {
    const folder = temporaryFolder();
    const path = join(folder, "rapport.db");
    const pages = await migratedDatabasePages(SETTINGS);
    const theirs = new SqliteDatabase(pages);
    theirs.exec("insert into tenants (uuid, name, tier, created_at) values ('theirs', 'Theirs', 'standard', 1)");
    const theirPages = theirs.serialize();
    theirs.close();
    const created = await createDatabaseFile(path, async () => {
      // Another process's file takes the name while this one's copy is being made.
      writeFileSync(path, theirPages);
      return pages;
    });
    expect(created).toBe(false);
    expect(readdirSync(folder)).toEqual(["rapport.db"]);
    const store = await createSqliteStore({ path });
    expect((await store.tenants.list()).map((tenant) => tenant.name)).toEqual(["Theirs"]);
    await store.close();
  });

  it("leaves no temporary file when making the image fails, and throws its error", async () => {
    const folder = temporaryFolder();
    await expect(createDatabaseFile(join(folder, "rapport.db"), async () => Promise.reject(new Error("database migration 0001-foundation failed")))).rejects.toThrow(
      "database migration 0001-foundation failed",
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it("fails as SQLite does in a folder that takes no file, under /proc too, leaving nothing", async () => {
    await migratedDatabasePages(SETTINGS);
    const readOnly = join(temporaryFolder(), "read-only");
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    let writable = true;
    try {
      closeSync(openSync(join(readOnly, "probe"), "wx"));
      rmSync(join(readOnly, "probe"));
    } catch {
      writable = false;
    }
    const unwritable = writable ? [] : [readOnly];
    for (const folder of [...unwritable, ...(existsSync("/proc/self") ? ["/proc"] : [])]) {
      await expect(createSqliteStore({ path: join(folder, "rapport.db") })).rejects.toMatchObject({ code: "SQLITE_CANTOPEN", message: "unable to open database file" });
    }
    if (!writable) expect(readdirSync(readOnly)).toEqual([]);
  });

  it("upgrades an existing file in place as before, telling onMigration of the pending migrations only", async () => {
    const path = join(temporaryFolder(), "rapport.db");
    const earlier = migrationNames.slice(0, -2);
    const db = new Kysely<any>({ dialect: new ImmediateTransactionsSqliteDialect({ database: new SqliteDatabase(path) }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(earlier.map((name) => [name, migrations[name]!])) } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await db.destroy();
    const events = await openAndClose(path);
    expect(events.filter((event) => event.event === "finished").map((event) => event.migration)).toEqual(migrationNames.slice(-2));
    expect(describeFile(path).migrations).toEqual(migrationNames);
  });
});

const builtPackage = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

describe("two processes creating the same new files at once", () => {
  // The built package (`test` builds it first): each process opens the files in turn and writes a tenant in each.
  it("end with one database per file, holding both processes' tenants", async () => {
    const folder = temporaryFolder();
    const paths = ["a.db", "b.db", "c.db"].map((name) => join(folder, "nested", name));
    // Each process says it is ready once it has loaded the package and starts when both are (a line on its standard
    // input): a start time 1.5 s ahead waited that long on a quiet machine, and started them apart when loading took longer.
    const script = `
      import { createSqliteStore } from ${JSON.stringify(builtPackage)};
      const [name, ...paths] = process.argv.slice(1);
      process.stdout.write("ready\\n");
      await new Promise((resolve) => process.stdin.once("data", resolve));
      process.stdin.destroy();
      for (const path of paths) {
        const store = await createSqliteStore({ path });
        await store.tenants.create({ name, tier: "standard" });
        await store.close();
      }`;
    const children = ["First", "Second"].map((name) => spawn(process.execPath, ["--input-type=module", "-e", script, name, ...paths]));
    const ended = children.map(
      (child) =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          let stderr = "";
          child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
          child.on("close", (code) => resolve({ code, stderr }));
        }),
    );
    const ready = children.map((child) => new Promise<void>((resolve) => child.stdout.once("data", () => resolve())));
    await Promise.race([Promise.all(ready), Promise.all(ended)]);
    for (const child of children) child.stdin.end("go\n");
    expect(await Promise.all(ended)).toEqual([
      { code: 0, stderr: "" },
      { code: 0, stderr: "" },
    ]);
    // A file's WAL may outlive both: each process deletes it on closing only when it can lock the file alone, and two
    // closing at once each see the other's lock (the run that found 5 files). The reads below read through it.
    expect(readdirSync(join(folder, "nested")).filter((name) => !/\.db-(wal|shm)$/.test(name)).sort()).toEqual(["a.db", "b.db", "c.db"]);
    for (const path of paths) {
      const described = describeFile(path);
      expect(described.integrity).toBe("ok");
      expect(described.migrations).toEqual(migrationNames);
      const sqlite = new SqliteDatabase(path, { readonly: true });
      expect(sqlite.prepare("select name from tenants order by name").pluck().all()).toEqual(["First", "Second"]);
      sqlite.close();
    }
  });
});
