import { spawn } from "node:child_process";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { CLI_PATH } from "../testing/built-cli.js";
import { watchDatabaseFile } from "./database-file-watch.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-database-file-watch-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const GONE = "the database file was deleted or replaced while the server had it open: what it writes is lost; stop it, put the database back, start it again";

function collecting() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

describe("watchDatabaseFile", () => {
  it("logs nothing while the path names the file it had, and an error once it names none or another", async () => {
    const path = join(folder, "watched.db");
    writeFileSync(path, "database");
    const { lines, logger } = collecting();
    const watch = await watchDatabaseFile(path, logger, 10);
    onTestFinished(watch.stop);
    await new Promise((resolve) => setTimeout(resolve, 60));
    writeFileSync(path, "written in place: the same file");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([lines, watch.lost()]).toEqual([[], false]);
    rmSync(path);
    await vi.waitFor(() => expect(lines).toEqual([expect.objectContaining({ level: 50, database: path, found: "no file", msg: GONE })]), { timeout: 30_000 });
    expect(watch.lost()).toEqual(expect.stringContaining("the database file was deleted or replaced"));
  });

  it("tells a file put in its place (a restore by hand) from its own", async () => {
    const path = join(folder, "replaced.db");
    writeFileSync(path, "database");
    const { lines, logger } = collecting();
    const watch = await watchDatabaseFile(path, logger, 10);
    onTestFinished(watch.stop);
    renameSync(path, join(folder, "own.db"));
    writeFileSync(join(folder, "backup.db"), "backup");
    renameSync(join(folder, "backup.db"), path);
    await vi.waitFor(() => expect(lines).toEqual([expect.objectContaining({ level: 50, found: "another file", msg: GONE })]), { timeout: 30_000 });
    expect(watch.lost()).toEqual(expect.stringContaining("the database file was deleted or replaced"));
    // Its own file moved back: the path names what the server has open again.
    renameSync(join(folder, "own.db"), path);
    await vi.waitFor(() => expect(watch.lost()).toBe(false), { timeout: 30_000 });
  });
});

describe("watchDatabaseFile's -wal and -shm", () => {
  it("says when the -wal is deleted under the server (a clean-up of stray files), which left it unsaid", async () => {
    const path = join(folder, "companions.db");
    for (const suffix of ["", "-wal", "-shm"]) writeFileSync(path + suffix, "open");
    const { lines, logger } = collecting();
    const watch = await watchDatabaseFile(path, logger, 10);
    onTestFinished(watch.stop);
    rmSync(`${path}-wal`);
    await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 30_000 });
    const said = "the database's -wal file was deleted or replaced while the server had it open: other processes opening the database do not see its latest writes and may damage it; stop the server (a clean stop writes what it holds into the database file) and start it again";
    expect(lines[0]).toMatchObject({ level: 50, database: path, file: `${path}-wal`, found: "no file", msg: said });
    expect(watch.lost()).toBe(said);
  });
});

describe("rapport serve", () => {
  it("logs an error when its database file is deleted under it, and GET /ready answers 503 database_lost", async () => {
    const database = join(folder, "served.db");
    const server = spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--port", "0", "--no-warm-graphs"]);
    onTestFinished(() => {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    });
    let stdout = "";
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve) => server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()).trim().endsWith("}") && resolve()));
    const { url } = JSON.parse(stdout) as { url: string };
    expect((await fetch(`${url}/ready`)).status).toBe(200);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });
    await vi.waitFor(() => expect(stderr).toContain(GONE), { timeout: 30_000, interval: 100 });
    const ready = await fetch(`${url}/ready`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: "database_lost", error: expect.stringContaining("deleted or replaced") }]);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
