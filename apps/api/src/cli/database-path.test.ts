/** What `rapport` says when the database cannot be opened: one line naming the file and what to do. */
import { IncompatibleDatabaseError } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-output.js";
import { createDatabaseFileIfMissing, openingDatabase, type OpeningChecks } from "./database-path.js";

const PATH = "/srv/rapport/rapport.db";
const CHOSEN = "(chosen by --db, RAPPORT_DB or the default ./data/rapport.db)";

/** The message `openingDatabase` gives when opening fails with `error`. */
async function refusal(error: unknown): Promise<string> {
  const failure = await openingDatabase(PATH, () => Promise.reject(error)).catch((caught: unknown) => caught);
  expect(failure).toBeInstanceOf(CliError);
  return (failure as CliError).message;
}

const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { code });

const READ_ONLY_ADVICE = "let the user running rapport write it and its folder (chown, chmod), or name a SQLite file in a folder you can write";

describe("openingDatabase", () => {
  it("names SQLite's extended codes by their primary one: a read-only folder, a file that is a folder", async () => {
    expect(await refusal(sqliteError("SQLITE_READONLY_DIRECTORY", "attempt to write a readonly database"))).toBe(
      `${PATH} is read-only, or its folder is (SQLite keeps the -wal and -shm files beside it) ${CHOSEN}: ${READ_ONLY_ADVICE}`,
    );
    expect(await refusal(sqliteError("SQLITE_CANTOPEN_ISDIR", "unable to open database file"))).toBe(
      `cannot open the database file ${PATH} ${CHOSEN}: name a SQLite file in a folder you can write`,
    );
  });

  it("finds the code of a failed migration's cause: a corrupt file, a database another process keeps locked", async () => {
    const corrupt = new Error("database migration (unknown) failed: database disk image is malformed", { cause: sqliteError("SQLITE_CORRUPT", "database disk image is malformed") });
    expect(await refusal(corrupt)).toBe(`${PATH} is corrupt ${CHOSEN}: stop every process that has it open, then put a backup in its place: rapport restore --db ${PATH} --from FILE`);
    const locked = new Error("database migration (unknown) failed: database is locked", { cause: sqliteError("SQLITE_BUSY", "database is locked") });
    expect(await refusal(locked)).toBe(`${PATH} is locked by another process (a rapport upgrading it, or writing for longer than 5 s); try again`);
  });

  it("names a folder it cannot create, and a newer Rapport's or another application's database", async () => {
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/srv/rapport'"), { code: "EACCES", syscall: "mkdir", path: "/srv/rapport" });
    expect(await refusal(denied)).toBe(`cannot create the folder /srv/rapport for the database ${CHOSEN}: EACCES; name a SQLite file in a folder you can write`);
    expect(await refusal(new IncompatibleDatabaseError("was written by a newer version of Rapport: ...", { newerRapport: true }))).toBe(
      `${PATH} was written by a newer version of Rapport: ...: rapport restore --db ${PATH} --from FILE`,
    );
  });

  it("names a folder under /proc it cannot create, at once (Node's recursive mkdir never returned there)", async () => {
    const path = "/proc/rapport-no-such-folder/rapport.db";
    const failure = await openingDatabase(path, async () => createDatabaseFileIfMissing(path)).catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).message).toBe(
      `cannot create the folder /proc/rapport-no-such-folder for the database ${CHOSEN}: ENOENT; name a SQLite file in a folder you can write`,
    );
  }, 5_000);

  it("says what a disk I/O error most likely is: a full disk, a file this user may only read, else the disk (each was an unexpected failure)", async () => {
    const ioError = (code: string, checks: OpeningChecks) =>
      openingDatabase(PATH, () => Promise.reject(sqliteError(code, "disk I/O error")), checks).catch((caught: unknown) => (caught as Error).message);
    // SQLite could not grow the -shm on a full disk, whatever the command (status, backup, serve, tenants export).
    expect(await ioError("SQLITE_IOERR_SHMSIZE", { freeBytes: () => 0, writable: () => true })).toBe(
      `the disk holding ${PATH} is full ${CHOSEN}: free space on it, then run the command again`,
    );
    // rapport status's lock probe on a restored copy this user may only read.
    expect(await ioError("SQLITE_IOERR_LOCK", { freeBytes: () => 2 ** 30, writable: (path) => path !== PATH })).toBe(
      `${PATH} is read-only, or its folder is (SQLite keeps the -wal and -shm files beside it) ${CHOSEN}: ${READ_ONLY_ADVICE}`,
    );
    expect(await ioError("SQLITE_IOERR_READ", { freeBytes: () => undefined, writable: () => true })).toBe(
      `a disk I/O error (SQLITE_IOERR_READ) on ${PATH} ${CHOSEN}: check the disk and its file system (the kernel's log), then run the command again`,
    );
  });

  it("passes any other failure through", async () => {
    const other = new Error("something else");
    await expect(openingDatabase(PATH, () => Promise.reject(other))).rejects.toBe(other);
    await expect(openingDatabase(PATH, () => Promise.reject(sqliteError("SQLITE_FULL", "database or disk is full")))).rejects.toThrow("database or disk is full");
  });
});
