/**
 * `rapport serve` starting removes the uploads a killed server left in the shared temp folder, and never those of a
 * server running beside it.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processFolderName } from "../imports/process-upload-folders.js";
import { CLI_PATH } from "../testing/built-cli.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-abandoned-uploads-"));
// The servers' OS temp folder: their uploads go under rapport-imports in it.
const temporary = join(folder, "tmp");
const uploads = join(temporary, "rapport-imports");
const started: ChildProcessWithoutNullStreams[] = [];
const database = migratedDatabaseAt(join(folder, "rapport.db"));
afterAll(async () => {
  for (const server of started) if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

/** Starts `rapport serve` on a free port; resolves once it listens, with its log lines so far. */
async function serve(): Promise<{ server: ChildProcessWithoutNullStreams; log: () => Array<{ msg: string; folders?: string[] }>; exited: Promise<void> }> {
  const server = spawn(process.execPath, [CLI_PATH, "--db", database, "--json", "serve", "--port", "0", "--no-warm-graphs"], {
    env: { ...process.env, RAPPORT_LOG_LEVEL: "info", TMPDIR: temporary },
  });
  started.push(server);
  let stderr = "";
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    server.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes('"msg":"listening"')) resolve();
    });
    void exited.then(() => reject(new Error(`rapport serve exited before listening: ${stderr}`)));
  });
  return { server, exited, log: () => stderr.trim().split("\n").map((line) => JSON.parse(line) as { msg: string; folders?: string[] }) };
}

/** A saved upload in the folder of process `pid`, as its server keeps one while it arrives or is imported. */
function uploadOf(pid: number): string {
  const place = join(uploads, processFolderName(pid));
  mkdirSync(join(place, "5d6f1c2e-upload"), { recursive: true });
  writeFileSync(join(place, "5d6f1c2e-upload", "inbox.mbox"), "From jordan@northwind.example\n");
  return place;
}

describe("rapport serve and the uploads of other servers", { timeout: 90_000 }, () => {
  it("keeps a running server's uploads, and removes them once that server was killed", async () => {
    const first = await serve();
    const firstUploads = uploadOf(first.server.pid!);
    // A second server on the same machine leaves the first one's upload alone.
    const second = await serve();
    expect(existsSync(firstUploads)).toBe(true);
    expect(second.log().map((line) => line.msg)).not.toContain("removed the uploads left by stopped servers");
    // The first is killed mid-upload: nothing of it removes its file.
    first.server.kill("SIGKILL");
    await first.exited;
    expect(existsSync(firstUploads)).toBe(true);
    const secondUploads = uploadOf(second.server.pid!);
    const third = await serve();
    expect(existsSync(firstUploads)).toBe(false);
    expect(existsSync(secondUploads)).toBe(true);
    expect(third.log()).toContainEqual(expect.objectContaining({ msg: "removed the uploads left by stopped servers", folders: [processFolderName(first.server.pid!)] }));
    for (const { server, exited } of [second, third]) {
      server.kill("SIGTERM");
      await exited;
    }
  });
});
