/** The `rapport` program: global options and every command. */
import { Command } from "commander";
import { keysCommand, personsCommand, tenantsCommand, usersCommand } from "./admin-commands.js";
import { seedCommand, serveCommand } from "./serve-command.js";
import { importCommand } from "./import-command.js";
import { backupCommand } from "./backup-command.js";
import { restoreCommand } from "./restore-command.js";
import { compactCommand } from "./compact-command.js";
import { statusCommand } from "./status-command.js";
import { oauthCommand } from "./oauth-command.js";
import { historyCommand } from "./history-command.js";
import { RAPPORT_BUILD } from "../version.js";
import { commandStreams } from "./command-streams.js";

/** Help, the version and errors go to the running command's streams (commander's own defaults are the process's). */
const OUTPUT = {
  outputError: () => undefined,
  writeOut: (text: string) => commandStreams().stdout.write(text),
  writeErr: (text: string) => commandStreams().stderr.write(text),
  getOutHelpWidth: () => widthOf(commandStreams().stdout),
  getErrHelpWidth: () => widthOf(commandStreams().stderr),
};

// Commander's own: a terminal's width, 80 columns otherwise.
function widthOf(stream: { isTTY?: boolean; columns?: number }): number {
  return (stream.isTTY ? stream.columns : undefined) ?? 80;
}

/** The `rapport` program with every command; parse with `parseAsync` (its failures are thrown, see run-cli.ts). */
export function createProgram(): Command {
  const program = new Command("rapport")
    .description("Rapport: self-hostable relationship intelligence")
    .option("--db <path>", "SQLite database file (default: $RAPPORT_DB or ./data/rapport.db)")
    .option("--json", "print results as JSON")
    .version(RAPPORT_BUILD, "-V, --version", "print the version of Rapport and the commit it was built from")
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput(OUTPUT);
  for (const command of [serveCommand(), tenantsCommand(), usersCommand(), keysCommand(), personsCommand(), seedCommand()]) {
    program.addCommand(command);
  }
  program.addCommand(importCommand());
  program.addCommand(backupCommand());
  program.addCommand(restoreCommand());
  program.addCommand(compactCommand());
  program.addCommand(statusCommand());
  program.addCommand(oauthCommand());
  program.addCommand(historyCommand());
  const inherit = (command: Command) => {
    // `--db` and `--json` go before the command but apply to it: each command's help lists them too.
    command.exitOverride().configureOutput(OUTPUT).configureHelp({ showGlobalOptions: true });
    command.commands.forEach(inherit);
  };
  program.commands.forEach(inherit);
  return program;
}
