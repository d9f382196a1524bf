/**
 * Keeps the repository README's reference in step with the code: its configuration table lists exactly the
 * environment variables the API's source reads, and its command table every `rapport` command with each of its
 * options.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "./cli/create-program.js";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const sourceFolder = fileURLToPath(new URL(".", import.meta.url));

/** The lines of the README section headed `## title`, up to the next `## ` heading. */
function section(title: string): string[] {
  const lines = readme.split("\n");
  const start = lines.indexOf(`## ${title}`);
  expect(start, `README section "${title}"`).toBeGreaterThanOrEqual(0);
  const length = lines.slice(start + 1).findIndex((line) => line.startsWith("## "));
  return lines.slice(start + 1, length < 0 ? undefined : start + 1 + length);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * The variables the source reads: `process.env.NAME`, `environment.NAME`, and a name quoted whole, as the
 * `*_VARIABLE` constants and `switchVariable(process.env, "NAME", ...)` give it. A name inside other text (the
 * demo's `$RAPPORT_KEY` hint) or an identifier (`RAPPORT_VERSION`) is not a variable read.
 */
function variablesRead(): string[] {
  const pattern = /(?:process\.env\.|environment\.)(RAPPORT_[A-Z0-9_]+)|["'`](RAPPORT_[A-Z0-9_]+)["'`]/g;
  const names = sourceFiles(sourceFolder).flatMap((path) =>
    [...readFileSync(path, "utf8").matchAll(pattern)].map((match) => match[1] ?? match[2] ?? ""),
  );
  return [...new Set(names)].sort();
}

function configurationRows(): string[] {
  return section("Configuration")
    .map((line) => /^\| `(RAPPORT_[A-Z0-9_]+)` \|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/** Every command that runs something (`serve`, `tenants create`, ...), with its path from the program. */
function leafCommands(command: Command, path: string[] = []): Array<{ path: string; command: Command }> {
  if (command.commands.length === 0) return [{ path: path.join(" "), command }];
  return command.commands.flatMap((child) => leafCommands(child, [...path, child.name()]));
}

const commandTable = section("The command line").filter((line) => line.startsWith("| `rapport "));

describe("README configuration table", () => {
  it("finds the variables the source reads", () => {
    expect(variablesRead()).toContain("RAPPORT_DB");
    expect(variablesRead()).toContain("RAPPORT_SUMMARY_MODEL");
  });

  it("lists exactly the environment variables the source reads", () => {
    expect(configurationRows()).toEqual(variablesRead());
  });

  it("is where `rapport serve --help` sends its reader, and holds every variable the help names", () => {
    const serve = createProgram().commands.find((command) => command.name() === "serve")!;
    let help = "";
    serve.configureOutput({ writeOut: (text) => (help += text) });
    serve.outputHelp();
    expect(help).toContain("README.md, Configuration");
    const named = [...new Set([...help.matchAll(/RAPPORT_[A-Z0-9_]+/g)].map((match) => match[0]))];
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((name) => !configurationRows().includes(name))).toEqual([]);
  });
});

describe("README command table", () => {
  const commands = leafCommands(createProgram());

  it.each(commands)("has a row for `rapport $path` with each of its options", ({ path, command }) => {
    const row = commandTable.find((line) => new RegExp(`\`rapport ${path}[ \`]`).test(line));
    expect(row, `no row for rapport ${path}`).toBeDefined();
    const flags = command.options.map((option) => option.long ?? option.flags);
    const missing = flags.filter((flag) => ![" ", "`", "]"].some((end) => row?.includes(`${flag}${end}`)));
    expect(missing).toEqual([]);
  });

  it("names only commands the program has", () => {
    const known = new Set(commands.map(({ path }) => path));
    const named = commandTable.flatMap((line) => [...(line.split(" | ")[0] ?? "").matchAll(/`rapport ([a-z-]+)(?: ([a-z-]+))?/g)]);
    for (const [, group = "", command] of named) {
      // `rapport import mbox|ics|...` names the import command with its first argument.
      const path = command !== undefined && known.has(`${group} ${command}`) ? `${group} ${command}` : group;
      expect(known.has(path), `rapport ${path}`).toBe(true);
    }
  });

  it("documents the program's own options", () => {
    const introduction = section("The command line").join("\n");
    for (const option of createProgram().options) expect(introduction).toContain(`\`${option.long}`);
  });

  it("shows how to start the demo on another port, which works because the start script ends with serve's own options", () => {
    const rootPackage = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
    // pnpm appends `start`'s arguments to the script: they reach `serve` only when it is the script's last command.
    expect(rootPackage.scripts.start).toMatch(/&& node apps\/api\/dist\/cli\.js serve --demo$/);
    expect(section("Try it").join("\n")).toContain("`npx --yes pnpm@10.34.9 start --port 8788`");
  });
});

describe("README systemd unit and backup schedule", () => {
  const operations = section("Operations").join("\n");
  const unit = /```ini\n([\s\S]*?)```/.exec(operations)?.[1] ?? "";
  const setting = (name: string) => new RegExp(`^\\s*${name}=(.*)$`, "m").exec(unit)?.[1]?.trim();
  const program = createProgram();
  const commandNamed = (name: string) => program.commands.find((command) => command.name() === name)!;
  const unknownOptions = (name: string, args: string[]) => {
    const longs = new Set(commandNamed(name).options.map((option) => option.long));
    return args.filter((arg) => arg.startsWith("--") && !longs.has(arg));
  };

  it("starts the built command's serve with an absolute database, and gives it longer than its 10 s drain to stop", () => {
    expect(setting("Environment")).toMatch(/^RAPPORT_DB=\//);
    const start = setting("ExecStart")?.split(/\s+/) ?? [];
    expect(start.slice(0, 3)).toEqual(["/usr/bin/node", "apps/api/dist/cli.js", "serve"]);
    expect(unknownOptions("serve", start.slice(3))).toEqual([]);
    expect(Number(setting("TimeoutStopSec"))).toBeGreaterThan(10);
    // SIGTERM (systemd's default) drains; a KillSignal other than the stopping signals would cut requests.
    expect(setting("KillSignal")).toBeUndefined();
  });

  it("schedules a backup that cron runs as written: every % escaped, options the command has", () => {
    const line = operations.split("\n").find((each) => each.includes("cli.js backup"))?.trim() ?? "";
    expect(line).toMatch(/^[\d*]+ [\d*]+ \* \* \* /);
    // In a crontab an unescaped % ends the command: the date would never reach the file name.
    expect(line.replace(/\\%/g, "")).not.toContain("%");
    const backup = line.slice(line.indexOf("cli.js backup") + "cli.js backup".length).split("&&")[0]!.trim().split(/\s+/);
    expect(unknownOptions("backup", backup)).toEqual([]);
  });
});
