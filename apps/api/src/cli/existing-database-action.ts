/**
 * @module A command's action that opens an existing database: a missing or unusable database path is refused before the
 * action's module, and with it the store (SQLite, Kysely, the graph), is loaded.
 */
import type { Command } from "commander";
import { existingDatabasePath } from "./database-path.js";

/**
 * `action` (which loads its module and runs it), preceded by the check its module makes first, existingDatabasePath:
 * a mistyped --db fails as fast as a usage error. Only for actions whose first failure is that check, so that the
 * message and the exit code stay the ones the action gives.
 */
// `any[]`: commander's own type for an action's arguments, which lets each action name its options' type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function existingDatabaseAction(action: (...args: any[]) => Promise<void>): (...args: any[]) => Promise<void> {
  return async (...args) => {
    // Commander passes the command last.
    const command = args[args.length - 1] as Command;
    existingDatabasePath(command.optsWithGlobals<{ db?: string }>().db);
    await action(...args);
  };
}
