#!/usr/bin/env node
// Flat-memory check of the mbox import: writes a synthetic mbox of N messages to disk, then imports
// it into a fresh database in a child process and prints, as JSON, the child's peak resident memory
// (sampled, and as the OS reports it), the memory as the import went, and the throughput.
// Needs a build (`npx pnpm@10.34.9 build`). Usage:
//   node apps/api/bench/import-memory.mjs [--messages 100000] [--folder /tmp/rapport-bench] [--keep]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureMboxImport, writeLargeMbox } from "../dist/index.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};

if (args[0] === "--measure") {
  const [, mboxPath, databasePath] = args;
  const result = await measureMboxImport({ mboxPath, databasePath });
  const { summary, ...figures } = result;
  process.stdout.write(
    `${JSON.stringify({ ...figures, max_rss_bytes: process.resourceUsage().maxRSS * 1024, problems: summary.problems.count, persons_created: summary.persons.created }, null, 2)}\n`,
  );
} else {
  const messages = Number(option("--messages", "100000"));
  const folder = option("--folder", null) ?? mkdtempSync(join(tmpdir(), "rapport-bench-"));
  mkdirSync(folder, { recursive: true });
  const mboxPath = join(folder, `bench-${messages}.mbox`);
  const databasePath = join(folder, `bench-${messages}.db`);
  rmSync(databasePath, { force: true });
  const writing = performance.now();
  const bytes = await writeLargeMbox(mboxPath, { messages });
  process.stderr.write(`wrote ${messages} messages (${(bytes / 1_048_576).toFixed(1)} MiB) in ${Math.round(performance.now() - writing)} ms; importing...\n`);
  const child = spawnSync(process.execPath, ["--expose-gc", fileURLToPath(import.meta.url), "--measure", mboxPath, databasePath], { stdio: ["ignore", "pipe", "inherit"], maxBuffer: 16 * 1024 * 1024 });
  if (child.status !== 0) process.exit(child.status ?? 1);
  process.stdout.write(JSON.stringify({ messages, mbox_bytes: bytes, ...JSON.parse(child.stdout.toString()) }, null, 2) + "\n");
  if (!args.includes("--keep")) rmSync(folder, { recursive: true, force: true });
}
