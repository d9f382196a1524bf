/** `rapport restore`: a backup put in place of the database, never under a running server. */
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_TENANT_UUID } from "../demo/demo-ids.js";
import { runRapport, startRapportServer } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { unreadableFile } from "../testing/unreadable-file.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-restore-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const JORDAN_BLAKE = "06efa435-6c62-4cb7-9770-f221a0bcd7c6";

describe("rapport restore", { timeout: 60_000 }, () => {
  it("refuses while a server has the database open, then restores, keeping the replaced file and naming whom to erase again", async () => {
    const database = join(folder, "rapport.db");
    const backup = join(folder, "backup.db");
    expect((await runRapportInProcess(database, "seed", "demo")).code).toBe(0);
    expect((await runRapportInProcess(database, "backup", "--to", backup)).code).toBe(0);
    expect((await runRapportInProcess(database, "persons", "erase", "--tenant", DEMO_TENANT_UUID, "--person", JORDAN_BLAKE)).code).toBe(0);

    const server = await startRapportServer(database);
    try {
      const refused = await runRapport(database, "restore", "--from", backup);
      expect(refused).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: ${database} is open in another process (a rapport serve, import or other command): stop it first\n`,
      });
    } finally {
      await server.stop();
    }

    const restored = await runRapport(database, "--json", "restore", "--from", backup);
    expect(restored.code, restored.stderr).toBe(0);
    const output = JSON.parse(restored.stdout) as { replaced_path: string; erased_since_backup: unknown[] };
    expect(output).toMatchObject({ database, from: backup, erased_since_backup: [{ tenant_uuid: DEMO_TENANT_UUID, person_uuid: JORDAN_BLAKE }] });
    expect(existsSync(output.replaced_path)).toBe(true);

    // The backup's Jordan Blake is back; erased again as told, a second restore of the backup prints the command.
    const exported = await runRapportInProcess(database, "persons", "export", "--tenant", DEMO_TENANT_UUID, "--person", JORDAN_BLAKE);
    expect(exported.code, exported.stderr).toBe(0);
    expect((await runRapportInProcess(database, "persons", "erase", "--tenant", DEMO_TENANT_UUID, "--person", JORDAN_BLAKE)).code).toBe(0);
    const lines = (await runRapportInProcess(database, "restore", "--from", backup)).stdout;
    expect(lines).toContain("polls of GET /v1/deletions and GET /v1/activity from before the restore answer 410: integrators copy everything again\n");
    expect(lines).toContain(`1 person was erased after this backup was taken and is in it again; erase them again before serving:\n    rapport persons erase --tenant ${DEMO_TENANT_UUID} --person ${JORDAN_BLAKE}\n`);
  });

  it("refuses what is not a backup in one line", async () => {
    const database = join(folder, "other.db");
    const pipe = join(folder, "backup-pipe.db");
    execFileSync("mkfifo", [pipe]);
    const loop = join(folder, "backup-loop.db");
    symlinkSync(join(folder, "backup-loop-back.db"), loop);
    symlinkSync(loop, join(folder, "backup-loop-back.db"));
    for (const [from, message] of [
      [join(folder, "missing.db"), `no backup file at ${join(folder, "missing.db")}`],
      [database, `${database} is the database itself; name a backup file`],
      [join(folder, "rapport-restore-cli.txt"), `no backup file at ${join(folder, "rapport-restore-cli.txt")}`],
      [folder, `cannot read the backup ${folder}: it is a folder; name a file`],
      // Opening a named pipe waited for a writer, for ever.
      [pipe, `cannot read the backup ${pipe}: it is not a regular file (a device, a pipe or a socket); name a file`],
      [loop, `cannot read the backup ${loop}: its symbolic links loop (ELOOP)`],
    ] as const) {
      expect(await runRapportInProcess(database, "restore", "--from", from)).toEqual({ code: 1, stdout: "", stderr: `rapport: ${message}\n` });
    }
  });

  it("says in one line why the backup cannot be read or the database's folder written, leaving nothing", async () => {
    const database = join(folder, "small.db");
    const backup = join(folder, "small-backup.db");
    expect((await runRapportInProcess(database, "tenants", "create", "--name", "Small")).code).toBe(0);
    expect((await runRapportInProcess(database, "backup", "--to", backup)).code).toBe(0);
    if (process.platform === "linux") {
      // procfs exists but takes no file: the copy answered ENOENT, once an "unexpected failure".
      expect(await runRapportInProcess("/proc/rapport.db", "restore", "--from", backup)).toEqual({
        code: 1,
        stdout: "",
        stderr: "rapport: cannot write /proc/rapport.db: no file can be created in the folder /proc (ENOENT)\n",
      });
    }
    const unreadable = unreadableFile(folder, "locked.db", "SQLite format 3\0");
    if (unreadable !== null) {
      expect(await runRapportInProcess(database, "restore", "--from", unreadable)).toEqual({
        code: 1,
        stdout: "",
        stderr: `rapport: cannot read the backup ${unreadable}: it is not readable by this user (EACCES)\n`,
      });
    }
    // No copy left beside either database, and the small one not replaced (the first test's restores keep theirs).
    expect(readdirSync(folder).filter((name) => name.includes(".restoring") || name.startsWith("small.db.replaced-"))).toEqual([]);
  });
});
