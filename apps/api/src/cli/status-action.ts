/**
 * @module
 * What `rapport status` prints (its help is in status-command.ts): the store's databaseStatus, in lines or JSON.
 */
import { databaseStatus, InvalidInputError, type DatabaseStatus } from "@rapport/store";
import type { Command } from "commander";
import { RAPPORT_BUILD, RAPPORT_VERSION } from "../version.js";
import { CliError, printResult } from "./cli-output.js";
import { databaseModeAdvice, databaseModeOpenToOthers } from "./database-file-mode.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { MIGRATIONS_NAMED_IN_A_LINE, migrationNamesInLine } from "./migration-names.js";
import { megabytes } from "./progress-display.js";

/** The JSON document of `rapport --json status`. */
export interface StatusOutput {
  database: string;
  bytes: number;
  wal_bytes: number;
  free_bytes: number;
  release: string;
  /** This build: the release and the commit it was built from (`rapport --version`). */
  build: string;
  migrations: DatabaseStatus["migrations"];
  open_elsewhere: boolean;
  /** The database file's mode when other users of the host may read or write it (`0644`), else null: to `chmod 600`. */
  mode_open_to_others: string | null;
  tenants: number;
  rows: DatabaseStatus["rows"];
  /** Persons store migration 0063 left on their LinkedIn URL's former key, as another person has the profile: to merge. */
  linkedin_keys_left: DatabaseStatus["linkedinKeysLeft"];
}

/**
 * Migration names in the schema line: each when few; else the first and last (an upgrade from a two-week-old release
 * has 66, which made one line of 2,000 characters), and with `verbose` each on a line of its own below.
 */
function namedInSchemaLine(names: readonly string[], verbose: boolean): string {
  const named = migrationNamesInLine(names);
  if (names.length <= MIGRATIONS_NAMED_IN_A_LINE) return named;
  return `${named}${verbose ? ", each below" : "; rapport status --verbose names each"}`;
}

function schemaLines(migrations: DatabaseStatus["migrations"], verbose: boolean): string[] {
  const { applied, latest, pending, unknown } = migrations;
  // The file's own count: `latest` may be one of a newer release's, which `applied` (this release's) leaves out.
  const head = `schema: ${applied + unknown.length} migrations, the last ${latest ?? "(none)"}`;
  const eachBelow = (names: readonly string[]) => (verbose && names.length > MIGRATIONS_NAMED_IN_A_LINE ? names.map((name) => `  ${name}`) : []);
  // Each says what to do next, as the refusal every other command prints does (it said only "refuses it" and "applies them").
  if (unknown.length > 0) {
    const newer = unknown.length > MIGRATIONS_NAMED_IN_A_LINE ? `${unknown.length} migrations: ${namedInSchemaLine(unknown, verbose)}` : unknown.join(", ");
    return [
      `${head}; written by a newer release (${newer}): this release ${RAPPORT_BUILD} refuses it; run that release or a newer one, or go back to the backup taken before the upgrade (rapport restore --from FILE)`,
      ...eachBelow(unknown),
    ];
  }
  if (pending.length > 0) {
    return [
      `${head}; ${pending.length} pending (${namedInSchemaLine(pending, verbose)}): the next start of this release ${RAPPORT_BUILD} applies them; take a backup first (rapport backup --to FILE), which the earlier release can go back to`,
      ...eachBelow(pending),
    ];
  }
  return [`${head}; up to date with this release ${RAPPORT_BUILD}`];
}

/** The persons to merge, when two have one LinkedIn profile: each beside the person their profile finds first. */
function linkedinKeysLeftLines({ count, persons }: StatusOutput["linkedin_keys_left"]): string[] {
  if (count === 0) return [];
  const pairs = persons.map(
    (person) => `  tenant ${person.tenant_uuid}: person ${person.person_uuid}, whose profile finds ${person.matched_person_uuid ?? "no live person now"} first`,
  );
  const more = count > persons.length ? [`  and ${count - persons.length} more (those merged leave the list: run it again for the next)`] : [];
  return [
    `persons whose LinkedIn profile another person has: ${count} (lookups of the profile find both, imports the first; ` +
      "merge the two: POST /v1/persons/{uuid}/merge)",
    ...pairs,
    ...more,
  ];
}

function humanLines(output: StatusOutput, verbose: boolean): string[] {
  const { rows } = output;
  return [
    `database ${output.database}: ${megabytes(output.bytes)}, WAL ${megabytes(output.wal_bytes)}, ` +
      `free ${megabytes(output.free_bytes)} (reused by later writes; rapport compact gives it back)`,
    ...schemaLines(output.migrations, verbose),
    output.open_elsewhere
      ? "open in another process (a server, an import or another command): stop it before rapport restore or rapport compact"
      : "no process has it open",
    ...(output.mode_open_to_others ? [databaseModeAdvice(output.database, output.mode_open_to_others)] : []),
    `tenants: ${output.tenants}`,
    `rows: activity feed ${rows.activity_feed}, deletions log ${rows.record_deletions}, graph changes ${rows.graph_changes}, ` +
      `person changes ${rows.person_changes}, OAuth records ${rows.oauth_models} (${rows.oauth_models_expired} expired: a running server deletes them hourly), ` +
      `failed sign-ins ${rows.sign_in_failures} (kept 15 minutes)`,
    ...linkedinKeysLeftLines(output.linkedin_keys_left),
  ];
}

/** Runs `rapport status`. */
export async function runStatus(command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean; verbose?: boolean }>();
  const database = existingDatabasePath(global.db);
  try {
    const status = await openingDatabase(database, () => databaseStatus(database));
    const output: StatusOutput = {
      database: status.path,
      bytes: status.bytes,
      wal_bytes: status.walBytes,
      free_bytes: status.freeBytes,
      release: RAPPORT_VERSION,
      build: RAPPORT_BUILD,
      migrations: status.migrations,
      open_elsewhere: status.openElsewhere,
      mode_open_to_others: databaseModeOpenToOthers(status.path),
      tenants: status.tenants,
      rows: status.rows,
      linkedin_keys_left: status.linkedinKeysLeft,
    };
    printResult(global, output, () => humanLines(output, global.verbose === true));
  } catch (error) {
    if (error instanceof InvalidInputError) throw new CliError(error.message.replace(/^databaseStatus: /, ""));
    throw error;
  }
}
