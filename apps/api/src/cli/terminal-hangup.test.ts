/**
 * Commands run in a terminal that hangs up (its window closed, its ssh session dropped), as `script` gives them one:
 * killing `script` closes the terminal, so the command gets SIGHUP and every write to the terminal fails with EIO.
 * Each still stops cleanly: the database is closed, its -wal file gone. (Node 20's own exit may then abort, on
 * restoring the terminal's modes: nodejs/node#51519; nothing here depends on the exit status.)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { get, request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { writeLargeMbox } from "../imports/benchmark/write-large-mbox.js";
import { CLI_PATH } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-terminal-hangup-"));
/** Servers started here: one a failed test left hanging is killed. */
const serverPids: number[] = [];
afterAll(() => {
  for (const pid of serverPids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already, as it should be.
    }
  }
  rmSync(folder, { recursive: true, force: true });
});

const haveScript = spawnSync("script", ["--version"]).status === 0;

const quoted = (argument: string) => `'${argument.replaceAll("'", `'\\''`)}'`;

/** Runs `rapport ...args` in a terminal of its own; `output()` is what it showed there so far. */
function inTerminal(...args: string[]): { terminal: ChildProcess; output(): string } {
  const command = ["exec", process.execPath, CLI_PATH, ...args].map((part, index) => (index === 0 ? part : quoted(part))).join(" ");
  const terminal = spawn("script", ["--quiet", "--flush", "--return", "--command", command, "/dev/null"]);
  let output = "";
  terminal.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { terminal, output: () => output };
}

/**
 * Resolves once `condition` holds, checked every 20 ms. No deadline of its own (a loaded machine is slow, not wrong):
 * one that never holds waits until the test's time limit fails it, and stops checking then.
 */
async function until(condition: () => boolean, what: string): Promise<void> {
  let testEnded = false;
  onTestFinished(() => {
    testEnded = true;
  });
  while (!condition()) {
    if (testEnded) throw new Error(`the test ended waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Resolves once the server at `port` has read what was sent to it before: a request on a connection of its own is
 * answered after the server read the sockets that were readable before it (libuv reads them in that order).
 */
async function readByServer(port: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/health", agent: false }, (response) => {
      response.resume();
      response.once("end", resolve);
    }).once("error", reject);
  });
}

/** Resolves once nothing listens at `port` any more: the server's drain has begun (no deadline of its own, as `until`). */
async function stoppedListening(port: string): Promise<void> {
  let testEnded = false;
  onTestFinished(() => {
    testEnded = true;
  });
  while (!testEnded) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
  }
  throw new Error("the test ended waiting for the server to stop listening");
}

/** Closes the terminal: the command's session gets SIGHUP, its writes EIO. */
function hangUp(terminal: ChildProcess) {
  terminal.kill("SIGKILL");
}

describe.skipIf(!haveScript)("a command whose terminal hangs up", { timeout: 60_000 }, () => {
  it("rapport serve answers the request in flight, then closes the database", async () => {
    const database = join(folder, "served.db");
    const { terminal, output } = inTerminal("--db", database, "--json", "serve", "--demo", "--port", "0", "--no-warm-graphs");
    await until(() => /"tenant_key": "[^"]+"/.test(output()) && /"pid":\d+/.test(output()), "the server to start");
    serverPids.push(Number(/"pid":(\d+)/.exec(output())![1]));
    const url = new URL(/"url": "([^"]+)"/.exec(output())![1]!);
    const key = /"tenant_key": "([^"]+)"/.exec(output())![1]!;
    const body = JSON.stringify({ name: "Across the hangup", emails: ["across.hangup@example.com"] });
    const creation = request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: "/v1/persons",
      headers: { "x-api-key": key, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      creation.once("error", reject);
      creation.once("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
    });
    // In flight across the hangup: the server logs its shutdown to the terminal that is gone, while it waits.
    await new Promise((resolve) => creation.write(body.slice(0, 10), resolve));
    await readByServer(url.port);
    hangUp(terminal);
    // The rest of the body once the drain has begun: the hangup has reached the server.
    await stoppedListening(url.port);
    creation.end(body.slice(10));
    expect(await answered).toBe(201);
    await until(() => !existsSync(`${database}-wal`), "the database to be closed");
  });

  it("rapport import stops after the batch in flight and closes the database; a re-run finishes", async () => {
    const database = join(folder, "imported.db");
    const mbox = join(folder, "large.mbox");
    await writeLargeMbox(mbox, { messages: 3_000, correspondents: 100, owner: "ada@acme.example", bodyLines: 2 });
    const tenant = (JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Hung up")).stdout) as { uuid: string }).uuid;
    const { terminal, output } = inTerminal("--db", database, "import", "mbox", mbox, "--tenant", tenant, "--batch-size", "20");
    // The progress bar: the import is writing batches.
    await until(() => / items \| /.test(output()), "the import to show progress");
    hangUp(terminal);
    await until(() => !existsSync(`${database}-wal`), "the database to be closed");
    // The re-run in this process: what it reads is what the hung-up import left in the file.
    const rest = await runRapportInProcess(database, "--json", "import", "mbox", mbox, "--tenant", tenant);
    const summary = JSON.parse(rest.stdout) as { outcome: string; emails: { new: number; known: number } };
    expect(summary.outcome).toBe("completed");
    expect(summary.emails.known).toBeGreaterThan(0);
    expect(summary.emails.new + summary.emails.known).toBe(3_000);
  });
});
