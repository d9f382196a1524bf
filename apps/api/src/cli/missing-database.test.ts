/** A mistyped --db: only the commands that start a fresh install create a database; every other one refuses. */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serveOnceForLogs } from "../testing/built-cli.js";
import { runRapportInProcess, serveInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-missing-db-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SOME_UUID = "00000000-0000-4000-8000-000000000000";

// What each command refuses or creates is checked in this process; serve, which creates the file as it starts, runs
// the built command.
describe("a database path with no file", { timeout: 60_000 }, () => {
  it("is refused in one line, creating nothing, by every command that reads or changes an existing database", async () => {
    const csv = join(folder, "contacts.csv");
    writeFileSync(csv, "Email,First Name\nada@example.com,Ada\n");
    const typo = join(folder, "typo", "rapport.db");
    for (const args of [
      ["tenants", "list"],
      ["tenants", "delete", "--tenant", SOME_UUID],
      ["users", "list", "--tenant", SOME_UUID],
      ["users", "create", "--tenant", SOME_UUID, "--name", "Ada", "--email", "ada@example.com"],
      ["users", "deactivate", "--tenant", SOME_UUID, "--user", SOME_UUID],
      ["users", "set-role", "--tenant", SOME_UUID, "--user", SOME_UUID, "--role", "member"],
      ["users", "import", csv, "--tenant", SOME_UUID],
      ["users", "access", "--tenant", SOME_UUID],
      ["keys", "create", "--tenant", SOME_UUID],
      ["keys", "list", "--tenant", SOME_UUID],
      ["keys", "revoke", "--tenant", SOME_UUID, "--key-id", SOME_UUID],
      ["persons", "erase", "--tenant", SOME_UUID, "--person", SOME_UUID],
      ["persons", "export", "--tenant", SOME_UUID, "--person", SOME_UUID],
      ["import", "csv", csv, "--tenant", SOME_UUID],
    ]) {
      const result = await runRapportInProcess(typo, ...args);
      expect(result, args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: no database at ${typo} (chosen by --db, RAPPORT_DB or the default ./data/rapport.db); check the path: only rapport serve, rapport tenants create, rapport tenants import and rapport seed demo create one\n`,
      });
    }
    expect(existsSync(join(folder, "typo"))).toBe(false);
  });

  it("is what a zero-byte file is: refused by the others, left empty; made the database by a creating command", async () => {
    const empty = join(folder, "empty.db");
    writeFileSync(empty, "", { mode: 0o644 });
    for (const args of [["tenants", "list"], ["status"], ["keys", "list", "--tenant", SOME_UUID], ["backup", "--to", join(folder, "empty-backup.db")]]) {
      const result = await runRapportInProcess(empty, ...args);
      expect(result, args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: no database at ${empty} (an empty file) (chosen by --db, RAPPORT_DB or the default ./data/rapport.db); check the path: only rapport serve, rapport tenants create, rapport tenants import and rapport seed demo create one\n`,
      });
      expect(statSync(empty).size, args.join(" ")).toBe(0);
    }
    expect(existsSync(join(folder, "empty-backup.db"))).toBe(false);
    const result = await runRapportInProcess(empty, "--json", "tenants", "create", "--name", "Fresh");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(
      `rapport: no database was at ${empty}: created a new, empty one (chosen by --db, RAPPORT_DB or the default ./data/rapport.db)\n`,
    );
    expect(statSync(empty).mode & 0o777).toBe(0o600);
    expect(await runRapportInProcess(empty, "tenants", "list")).toMatchObject({ code: 0, stderr: "" });
  });

  it("is left as it was by a creating command whose opening fails once it made the file (as a full disk fails it)", async () => {
    const saved = process.env.RAPPORT_SQLITE_SYNCHRONOUS;
    process.env.RAPPORT_SQLITE_SYNCHRONOUS = "sometimes";
    try {
      const unopened = join(folder, "unopened", "deeper", "rapport.db");
      const failed = await runRapportInProcess(unopened, "tenants", "create", "--name", "Fresh");
      expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("RAPPORT_SQLITE_SYNCHRONOUS: expecting normal or full") });
      expect(existsSync(join(folder, "unopened"))).toBe(false);
      // A zero-byte file that was there stays one: it is not the command's to remove.
      const empty = join(folder, "empty-unopened.db");
      writeFileSync(empty, "");
      expect((await runRapportInProcess(empty, "tenants", "create", "--name", "Fresh")).code).toBe(1);
      expect(statSync(empty).size).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.RAPPORT_SQLITE_SYNCHRONOUS;
      else process.env.RAPPORT_SQLITE_SYNCHRONOUS = saved;
    }
  });

  it("is left as it was by a first serve that cannot listen (its port in use), with --demo or without", async () => {
    for (const options of [[], ["--demo"]]) {
      const unserved = join(folder, "unserved", "rapport.db");
      const failed = await serveInProcess(unserved, {}, ...options);
      expect(failed, options.join(" ")).toMatchObject({ code: 1, stderr: expect.stringContaining("is already in use") });
      expect(existsSync(join(folder, "unserved")), options.join(" ")).toBe(false);
    }
  });

  it("is not a pipe or a device: every command refuses one in one line and leaves it as it was", async () => {
    // A pipe stands in for a device (/dev/null): a restore renamed the backup over it, and SQLite failed on it with
    // "disk I/O error".
    const pipe = join(folder, "pipe.db");
    execFileSync("mkfifo", [pipe]);
    const backup = join(folder, "for-the-pipe.db");
    expect((await runRapportInProcess(join(folder, "real.db"), "tenants", "create", "--name", "Real")).code).toBe(0);
    expect((await runRapportInProcess(join(folder, "real.db"), "backup", "--to", backup)).code).toBe(0);
    for (const args of [["tenants", "list"], ["tenants", "create", "--name", "Fresh"], ["status"], ["backup", "--to", join(folder, "pipe-backup.db")], ["restore", "--from", backup], ["compact"]]) {
      expect(await runRapportInProcess(pipe, ...args), args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: ${pipe} is not a regular file (a device, a pipe or a socket) (chosen by --db, RAPPORT_DB or the default ./data/rapport.db): name a SQLite database file\n`,
      });
      expect(statSync(pipe).isFIFO(), args.join(" ")).toBe(true);
    }
    expect(existsSync(join(folder, "pipe-backup.db"))).toBe(false);
  });

  it("is not a kernel file that reports a size of 0: it holds data or fails to read, and every command refuses it in words", async () => {
    // /proc/self/environ holds text; /proc/self/mem fails to read at its start. SQLite took either for an empty
    // database by its size: backup copied one, tenants create failed with an unexpected EPERM from chmod.
    const backup = join(folder, "kernel-file-backup.db");
    const chosen = "(chosen by --db, RAPPORT_DB or the default ./data/rapport.db)";
    for (const args of [["tenants", "create", "--name", "Fresh"], ["tenants", "list"], ["status"], ["backup", "--to", backup], ["compact"]]) {
      expect(await runRapportInProcess("/proc/self/environ", ...args), args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: /proc/self/environ reports a size of 0 yet holds data (a file of the kernel's, as under /proc) ${chosen}: name a SQLite database file\n`,
      });
      expect(await runRapportInProcess("/proc/self/mem", ...args), args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: cannot read /proc/self/mem ${chosen}: reading it fails (EIO); name a SQLite database file\n`,
      });
    }
    expect(existsSync(backup)).toBe(false);
  });

  it("is created, owner-only, by tenants create and seed demo, which say so on stderr", async () => {
    for (const args of [["--json", "tenants", "create", "--name", "Fresh"], ["--json", "seed", "demo"]]) {
      const database = join(folder, `fresh-${args[2]}`, "rapport.db");
      const result = await runRapportInProcess(database, ...args);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toBeTypeOf("object");
      expect(result.stderr).toBe(
        `rapport: no database was at ${database}: created a new, empty one (chosen by --db, RAPPORT_DB or the default ./data/rapport.db)\n`,
      );
      expect(statSync(database).mode & 0o777).toBe(0o600);
      // The next run finds it, and says nothing more.
      expect(await runRapportInProcess(database, "tenants", "list")).toMatchObject({ code: 0, stderr: "" });
    }
  });

  it("is created, owner-only, by serve, which logs a warning naming it", async () => {
    const database = join(folder, "served", "rapport.db");
    const { exit, logs } = await serveOnceForLogs(database);
    expect(exit).toBe(0);
    expect(logs).toContainEqual(expect.objectContaining({ level: 40, msg: "no database was at this path: created a new, empty one", database }));
    expect(statSync(database).mode & 0o777).toBe(0o600);
  });

  it("is created by serve --demo (the README's first command) with an info line, not a warning: it is meant, and not empty", async () => {
    const database = join(folder, "demo", "rapport.db");
    const { exit, logs } = await serveOnceForLogs(database, "--demo");
    expect(exit).toBe(0);
    expect(logs.filter((line) => String(line.msg).startsWith("no database was at this path"))).toEqual([
      expect.objectContaining({ level: 30, msg: "no database was at this path: created a new one for the demo tenant", database }),
    ]);
    expect(logs.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });
});
