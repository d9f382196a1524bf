/** The built `rapport backup`: a copy of a demo database and of a running server's, its output and its refusals. */
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { CLI_PATH, runRapport, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-backup-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// What a backup prints and copies is checked in this process; beside a running server it runs as the built command.
const rapport = runRapportInProcess;

/** A folder no file can be created in: read-only to its owner, or (as root, whom that does not stop) sysfs. */
function unwritableFolder(): string | null {
  const readOnly = join(folder, "read-only");
  mkdirSync(readOnly);
  chmodSync(readOnly, 0o500);
  for (const candidate of [readOnly, "/sys"]) {
    try {
      closeSync(openSync(join(candidate, "probe"), "wx"));
      rmSync(join(candidate, "probe"));
    } catch {
      return candidate;
    }
  }
  return null;
}
const unwritable = unwritableFolder();

/** Reads a copy as SQLite sees it: its integrity check, and each email of the tenant with how many participants it has. */
function readCopy(path: string, tenantUuid = DEMO_TENANT_UUID) {
  const copy = new SqliteDatabase(path, { readonly: true });
  try {
    return {
      integrity: copy.pragma("integrity_check", { simple: true }),
      emails: copy
        .prepare("select message_id, (select count(*) from email_participants where email_uuid = emails.uuid) as participants from emails where tenant_uuid = ?")
        .all(tenantUuid) as Array<{ message_id: string; participants: number }>,
    };
  } finally {
    copy.close();
  }
}

describe("rapport backup", { timeout: 60_000 }, () => {
  it("copies a seeded demo database, prints one JSON document with --json, and refuses to overwrite without --force", async () => {
    const database = join(folder, "demo.db");
    expect((await rapport(database, "seed", "demo")).code).toBe(0);
    const copy = join(folder, "demo-copy.db");

    const backedUp = await rapport(database, "--json", "backup", "--to", copy);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    const output = JSON.parse(backedUp.stdout) as Record<string, unknown>;
    expect(output).toEqual({ database, path: copy, bytes: readFileSync(copy).length, seconds: expect.any(Number) });
    expect(output.seconds).toBeGreaterThanOrEqual(0);
    expect(readCopy(copy).integrity).toBe("ok");
    // The copy is a database the command line opens (and migrates) like any: the same tenants and users.
    for (const args of [["tenants", "list"], ["users", "list", "--tenant", DEMO_TENANT_UUID]]) {
      const fromCopy = await rapport(copy, "--json", ...args);
      expect(fromCopy.code, fromCopy.stderr).toBe(0);
      expect(fromCopy.stdout).toBe((await rapport(database, "--json", ...args)).stdout);
    }
    expect(JSON.parse((await rapport(copy, "--json", "users", "list", "--tenant", DEMO_TENANT_UUID)).stdout)).not.toEqual([]);

    writeFileSync(copy, "an older backup");
    const refused = await rapport(database, "backup", "--to", copy);
    expect(refused).toEqual({ code: 1, stdout: "", stderr: `rapport: ${copy} exists: pass --force to replace it\n` });
    expect(readFileSync(copy, "utf8")).toBe("an older backup");

    const replaced = await rapport(database, "backup", "--to", copy, "--force");
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(new RegExp(`^backed up ${database} to ${copy}: \\d+ bytes \\(\\d+\\.\\d MB\\) in \\d+\\.\\d\\d s\nto restore: stop every server on the database, then rapport restore --db ${database} --from ${copy}\n$`));
    expect(readCopy(copy).integrity).toBe("ok");
    expect(readdirSync(folder).filter((name) => name.includes(".partial"))).toEqual([]);
  });

  it.skipIf(unwritable === null)("fails in one line, writing nothing, for an unwritable or missing folder and a missing database", async () => {
    const database = join(folder, "small.db");
    expect((await rapport(database, "seed", "demo")).code).toBe(0);
    const intoUnwritable = await rapport(database, "backup", "--to", join(unwritable!, "copy.db"));
    expect(intoUnwritable).toEqual({ code: 1, stdout: "", stderr: `rapport: cannot write in the folder ${unwritable} (EACCES)\n` });
    expect(readdirSync(unwritable!).filter((name) => name.includes("copy.db"))).toEqual([]);

    const intoMissing = await rapport(database, "backup", "--to", join(folder, "missing", "copy.db"));
    expect(intoMissing).toEqual({ code: 1, stdout: "", stderr: `rapport: the folder ${join(folder, "missing")} does not exist; create it first\n` });

    const missingDatabase = join(folder, "never-created.db");
    const fromMissing = await rapport(missingDatabase, "backup", "--to", join(folder, "copy-of-nothing.db"));
    expect(fromMissing.code).toBe(1);
    expect(fromMissing.stderr).toBe(`rapport: no database at ${missingDatabase} (chosen by --db, RAPPORT_DB or the default ./data/rapport.db); check the path: only rapport serve, rapport tenants create, rapport tenants import and rapport seed demo create one\n`);
    expect(readdirSync(folder).filter((name) => name.startsWith("never-created") || name.startsWith("copy-of-nothing"))).toEqual([]);
  });

  it.skipIf(process.platform !== "linux")("says a folder takes no new file and refuses a device, in one line, leaving nothing", async () => {
    const database = join(folder, "small.db");
    if (!existsSync(database)) expect((await rapport(database, "seed", "demo")).code).toBe(0);
    const pipe = join(folder, `pipe-${randomUUID()}`);
    execFileSync("mkfifo", [pipe]);
    // procfs exists but takes no file: the create answers ENOENT, once an "unexpected failure".
    expect(await rapport(database, "backup", "--to", "/proc/copy.db")).toEqual({
      code: 1,
      stdout: "",
      stderr: "rapport: cannot write /proc/copy.db: no file can be created in the folder /proc (ENOENT)\n",
    });
    // Renamed over, a device (or this pipe) would become a regular file holding the copy.
    expect(await rapport(database, "backup", "--to", pipe, "--force")).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: ${pipe} is not a regular file (a device, a pipe or a socket): name a file, which is replaced whole when written\n`,
    });
    expect(statSync(pipe).isFIFO()).toBe(true);
  });

  it("copies a database of an earlier version as it is: the source is not migrated first, nor is the copy", async () => {
    const database = join(folder, "earlier version.db");
    expect((await rapport(database, "tenants", "create", "--name", "Earlier")).code).toBe(0);
    // As a server one release behind left it: its latest migration not yet applied.
    const older = new SqliteDatabase(database);
    older.exec("drop index persons_by_merge_target; delete from kysely_migration where name = '0038-persons-by-merge-target'");
    older.close();
    const migrations = (path: string) => {
      const reader = new SqliteDatabase(path, { readonly: true });
      try {
        return reader.prepare("select name from kysely_migration order by name").pluck().all() as string[];
      } finally {
        reader.close();
      }
    };
    const before = migrations(database);
    const copy = join(folder, "before the upgrade.db");
    const backedUp = await rapport(database, "backup", "--to", copy);
    expect(backedUp.code, backedUp.stderr).toBe(0);
    expect(migrations(database)).toEqual(before);
    expect(migrations(copy)).toEqual(before);
  });

  // Ctrl-C, and SIGHUP: the terminal or ssh session it ran in closed. The exit code is the shell's for the signal.
  it.each([["SIGINT", 130], ["SIGHUP", 129]] as const)("stops on %s with exit code %i, leaving neither the copy nor its partial file", async (signal, code) => {
    const database = join(folder, "large.db");
    if (!existsSync(database)) {
      expect((await rapport(database, "tenants", "create", "--name", "Large")).code).toBe(0);
      // 160 MiB of pages: a copy of several hundred milliseconds, long enough to interrupt.
      const filler = new SqliteDatabase(database);
      filler.exec("create table filler (content blob)");
      const insert = filler.prepare("insert into filler values (zeroblob(1048576))");
      filler.transaction(() => {
        for (let index = 0; index < 160; index += 1) insert.run();
      })();
      filler.close();
    }
    const target = join(folder, `interrupted by ${signal}`);
    mkdirSync(target);
    const backup = spawn(process.execPath, [CLI_PATH, "--db", database, "backup", "--to", join(target, "copy.db")]);
    let stderr = "";
    backup.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | string | null>((resolve) => backup.once("exit", (code, killedBy) => resolve(code ?? killedBy)));
    // Interrupted once the copy has begun: its partial file is there.
    while (readdirSync(target).length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    backup.kill(signal);
    expect(await exited, stderr).toBe(code);
    expect(stderr).toMatch(/interrupted: no backup written/);
    expect(readdirSync(target)).toEqual([]);
  });

  it("copies a running server's database while requests write emails to it", async () => {
    const database = join(folder, "served.db");
    // A custom tier: the writes below go faster than a standard tenant's 5 requests a second.
    const tenant = JSON.parse((await rapport(database, "--json", "tenants", "create", "--name", "Busy", "--tier", "custom", "--per-second", "100000", "--monthly", "1000000")).stdout) as { uuid: string };
    const key = (JSON.parse((await rapport(database, "--json", "keys", "create", "--tenant", tenant.uuid)).stdout) as { key: string }).key;
    const server = await startRapportServer(database);
    const copy = join(folder, "served-copy.db");
    let sent = 0;
    let stopped = false;
    try {
      const headers = { "x-api-key": key };
      // Two 5 MiB files make the copy take several steps, with emails written between them.
      for (const fill of [1, 2]) {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(5 * 1_048_576).fill(fill)]), `scan-${fill}.bin`);
        expect((await fetch(`${server.url}/v1/files`, { method: "POST", headers, body: form })).status).toBe(201);
      }
      const writing = (async () => {
        while (!stopped) {
          const message = { message_id: `<${sent}@backup.example>`, sent_at: new Date(Date.UTC(2026, 0, 1) + sent * 1_000).toISOString(), from: `sender-${sent}@example.com`, to: ["reader@example.com"] };
          const response = await fetch(`${server.url}/v1/emails/batch`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ messages: [message] }) });
          expect(response.status).toBe(200);
          sent += 1;
        }
      })();
      while (sent < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      const sentBefore = sent;
      const backedUp = await runRapport(database, "--json", "backup", "--to", copy);
      const sentAfter = sent;
      stopped = true;
      await writing;

      expect(backedUp.code, backedUp.stderr).toBe(0);
      // Off a terminal, the first progress line.
      expect(backedUp.stderr).toMatch(/^backup: \d+\.\d MB of 1\d\.\d MB copied \(\d+%\)/);
      expect(sentAfter).toBeGreaterThan(sentBefore);
      expect(readdirSync(folder).filter((name) => name.startsWith("served-copy"))).toEqual(["served-copy.db"]);
      const { integrity, emails } = readCopy(copy, tenant.uuid);
      expect(integrity).toBe("ok");
      // The emails committed before the copy began, in the order they were sent, each with both participants.
      expect(emails.length).toBeGreaterThanOrEqual(sentBefore);
      expect(emails.length).toBeLessThanOrEqual(sentAfter);
      expect(emails.map((email) => email.message_id).sort()).toEqual(Array.from({ length: emails.length }, (_, index) => `<${index}@backup.example>`).sort());
      expect(emails.every((email) => email.participants === 2)).toBe(true);
    } finally {
      stopped = true;
      await server.stop();
    }
  });
});
