/** `rapport import <kind> -` typed or pasted into a terminal says how to end the input, and a pipe hears nothing of it. */
import { execFile, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vcard } from "../imports/testing/archive-builders.js";
import { CLI_PATH } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-import-terminal-"));
const database = join(folder, "rapport.db");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NOTICE = "rapport: reading the archive from standard input (this terminal): paste it, then press Ctrl-D on an empty line to end it";
const haveScript = spawnSync("script", ["--version"]).status === 0;
const card = vcard("3.0", ["FN:Typed Person", "EMAIL:typed@x.example"]);

let tenant: string;
beforeAll(async () => {
  tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Acme")).stdout).uuid;
});

describe("rapport import - from a terminal", { timeout: 60_000 }, () => {
  it.skipIf(!haveScript)("says it reads standard input and that Ctrl-D ends it, then imports what was typed", async () => {
    const command = [process.execPath, CLI_PATH, "--db", database, "import", "vcf", "-", "--tenant", tenant, "--dry-run"].map((part) => `'${part}'`).join(" ");
    // `script` gives the command a terminal of its own; what is written to script's stdin is typed into it.
    const terminal = spawn("script", ["--quiet", "--flush", "--return", "--command", `exec ${command}`, "/dev/null"]);
    let output = "";
    terminal.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => terminal.once("exit", resolve));
    // Until the notice is shown or the command ends, however long a loaded machine takes (no deadline of its own).
    while (!output.includes(NOTICE) && terminal.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(output).toContain(NOTICE);
    try {
      // Ctrl-D on an empty line (after the card's last line break): the terminal's end of input.
      terminal.stdin.write(`${card}\r\n\x04`);
      expect(await exited).toBe(0);
      expect(output).toContain("items: 1 read, 1 to write");
    } finally {
      terminal.kill("SIGKILL");
    }
  });

  it.skipIf(!haveScript)("stops at once on Ctrl-C while it waits for input, as nothing is written yet", async () => {
    const command = [process.execPath, CLI_PATH, "--db", database, "import", "vcf", "-", "--tenant", tenant].map((part) => `'${part}'`).join(" ");
    const terminal = spawn("script", ["--quiet", "--flush", "--return", "--command", `exec ${command}`, "/dev/null"]);
    let output = "";
    terminal.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => terminal.once("exit", resolve));
    try {
      while (!output.includes(NOTICE) && terminal.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(output).toContain(NOTICE);
      // Ctrl-C typed: the terminal sends SIGINT. It said "stopping after the batch in flight" and went on waiting.
      terminal.stdin.write("\x03");
      // One that went on waiting would wait until the test's time limit fails it.
      expect(await exited).toBe(130);
      expect(output).toContain("rapport: stopped before any batch was written: nothing was imported");
    } finally {
      terminal.kill("SIGKILL");
    }
  });

  it("says nothing of the kind when standard input is a pipe", async () => {
    const child = promisify(execFile)(process.execPath, [CLI_PATH, "--db", database, "import", "vcf", "-", "--tenant", tenant, "--dry-run"]);
    child.child.stdin!.end(card);
    const { stdout, stderr } = await child;
    expect(stdout).toContain("items: 1 read, 1 to write");
    expect(stderr).not.toContain("standard input (this terminal)");
  });
});
