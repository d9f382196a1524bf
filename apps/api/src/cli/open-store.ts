/** @module The store a command opens, saying on stderr when opening it migrates the database first (an upgrade). */
import { createSqliteStore, pendingMigrations, type Store } from "@rapport/store";
import { commandStreams } from "./command-streams.js";
import { printable } from "./cli-output.js";
import { migrationNamesInLine } from "./migration-names.js";
import { sqliteSynchronousFromEnvironment } from "../platform/environment/sqlite-synchronous-from-environment.js";

/**
 * Opens the store on the database at `path`, its commits synced as `RAPPORT_SQLITE_SYNCHRONOUS` says. When the file lacks migrations of this release, which the store applies
 * as it opens (the benchmark's scale M tenant took up to 20 s, a larger one minutes), stderr says so before and how
 * long it took after, so that a command is not silent meanwhile; stdout (a `--json` document) is left as it is.
 */
export async function openStore(path: string): Promise<Store> {
  // A command's writes (an import, an erasure) reach the disk as the server's do.
  const synchronous = sqliteSynchronousFromEnvironment(process.env);
  const pending = await pendingMigrations(path);
  if (pending.length === 0) return createSqliteStore({ path, synchronous });
  const stderr = commandStreams().stderr;
  stderr.write(migratingNotice(path, pending));
  const started = performance.now();
  const store = await createSqliteStore({ path, synchronous });
  stderr.write(`migrated the database in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  return store;
}

/**
 * The line said before the migrations run: how many, named as `rapport status` names them (the first and the last of
 * more than three; an upgrade from a release two weeks old has dozens, which made one line of 2,000 characters).
 */
export function migratingNotice(path: string, pending: readonly string[]): string {
  const count = pending.length === 1 ? "1 pending migration" : `${pending.length} pending migrations`;
  return (
    `migrating the database ${printable(path)} to this release (${count}: ${migrationNamesInLine(pending)}); a large database takes minutes, ` +
    "and a process stopped meanwhile leaves it as it was\n"
  );
}
