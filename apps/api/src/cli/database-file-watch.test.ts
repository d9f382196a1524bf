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
    const stop = await watchDatabaseFile(path, logger, 10);
    onTestFinished(stop);
    await new Promise((resolve) => setTimeout(resolve, 60));
    writeFileSync(path, "written in place: the same file");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(lines).toEqual([]);
    rmSync(path);
    await vi.waitFor(() => expect(lines).toEqual([expect.objectContaining({ level: 50, database: path, found: "no file", msg: GONE })]));
  });

  it("tells a file put in its place (a restore by hand) from its own", async () => {
    const path = join(folder, "replaced.db");
    writeFileSync(path, "database");
    const { lines, logger } = collecting();
    const stop = await watchDatabaseFile(path, logger, 10);
    onTestFinished(stop);
    writeFileSync(join(folder, "backup.db"), "backup");
    renameSync(join(folder, "backup.db"), path);
    await vi.waitFor(() => expect(lines).toEqual([expect.objectContaining({ level: 50, found: "another file", msg: GONE })]));
  });
});

describe("rapport serve", () => {
  it("logs an error when its database file is deleted under it", async () => {
    const database = join(folder, "served.db");
    const server = spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--port", "0", "--no-warm-graphs"]);
    onTestFinished(() => {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    });
    let stdout = "";
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve) => server.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()).trim().endsWith("}") && resolve()));
    for (const suffix of ["", "-wal", "-shm"]) rmSync(database + suffix, { force: true });
    await vi.waitFor(() => expect(stderr).toContain(GONE), { timeout: 10_000, interval: 100 });
    const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
