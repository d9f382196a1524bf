/**
 * @module
 * What `rapport users import` does: every row of the file checked first, then every user (and, with `--keys`, a key
 * bound to each) created in one transaction, so that the file goes in whole or not at all.
 */
import { createReadStream, existsSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { ConflictError, InvalidInputError, type Role, type User } from "@rapport/store";
import type { Command } from "commander";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { MAX_API_KEY_LABEL_LENGTH } from "../platform/request/field-limits.js";
import { ImportFormatError } from "../imports/imported-items.js";
import { readAsUtf8 } from "../imports/text-encoding.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { CliError, printable, printResult } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { optionText } from "./option-text.js";
import { checkReadable } from "./readable-file.js";
import { readUserRows, userFileFormat, type RowProblem, type UserFileFormat, type UserRow } from "./user-rows.js";

/** A users file is a few hundred lines; one of megabytes is not one. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

interface ImportUsersOptions {
  tenant: string;
  format?: UserFileFormat;
  dryRun?: boolean;
  keys?: boolean;
  readOnly?: boolean;
  keyLabel?: string;
}

interface CreatedUser {
  line: number;
  user: User;
  key: { uuid: string; key_prefix: string; read_only: boolean; label: string | null; key: string } | null;
}

interface SkippedUser {
  line: number;
  email: string;
  uuid: string;
  role: Role;
  is_active: boolean;
}

/** Thrown inside the transaction to roll it back: a dry run, or rows the store refused. */
class RolledBack extends Error {}

/** Said on standard error when the users are to be typed or pasted into a terminal. */
export const USERS_TERMINAL_NOTICE = "rapport: reading the users from standard input (this terminal): paste them, then press Ctrl-D on an empty line to end them\n";

/** The text of `bytes` in any of the encodings a spreadsheet writes, as UTF-8. */
async function asUtf8(bytes: Readable, name: string): Promise<string> {
  // CSV from Excel on Windows is Windows-1252 or UTF-16, as contacts exports are; another code page is refused.
  const { text } = await readAsUtf8(bytes, { bytes: 0 }, name).catch((error: unknown) => {
    throw error instanceof ImportFormatError ? new CliError(error.message) : error;
  });
  const chunks: Buffer[] = [];
  for await (const chunk of text) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

/** Standard input whole, refused past MAX_FILE_BYTES (a pipe says no size beforehand). */
async function readStandardInput(): Promise<string> {
  const { stdin, stderr } = commandStreams();
  if (stdin.isTTY) stderr.write(USERS_TERMINAL_NOTICE);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_FILE_BYTES) throw new CliError(`the users on standard input are over ${MAX_FILE_BYTES} bytes (a user a line)`);
    chunks.push(Buffer.from(chunk as Buffer));
  }
  return asUtf8(Readable.from([Buffer.concat(chunks)]), "standard input");
}

/** The users file's text, or standard input's for `-`. */
async function readUsersFile(path: string): Promise<string> {
  if (path === "-") return readStandardInput();
  if (!existsSync(path)) throw new CliError(`no users file at ${path}`);
  checkReadable(path, "the users file");
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES) throw new CliError(`the users file ${path} is ${size} bytes; at most ${MAX_FILE_BYTES} (a user a line)`);
  return asUtf8(createReadStream(path), `the users file ${path}`);
}

function refused(problems: RowProblem[], rows: number): CliError {
  const stderr = commandStreams().stderr;
  for (const { line, problem } of [...problems].sort((a, b) => a.line - b.line)) stderr.write(`${printable(`line ${line}: ${problem}`)}\n`);
  return new CliError(`${problems.length} of ${rows} rows refused (listed above); nothing was written: fix them and run the command again`);
}

/**
 * Creates the users of the file `path` in `--tenant`: checked whole first (a bad row names its line, and nothing is
 * written while any is bad), a user whose email the tenant has already skipped and listed, the others created in one
 * transaction with, under `--keys`, a key bound to each, whose secret is printed once. `--dry-run` does all but commit.
 */
export async function importUsers(path: string, options: ImportUsersOptions, command: Command): Promise<void> {
  if (!options.keys && (options.readOnly || options.keyLabel !== undefined)) throw new CliError("--read-only and --key-label apply only with --keys");
  const label = options.keyLabel === undefined ? null : optionText(options.keyLabel, "--key-label", MAX_API_KEY_LABEL_LENGTH);
  const text = await readUsersFile(path);
  const { rows, problems } = readUserRows(text, options.format ?? userFileFormat(path, text));
  const total = rows.length + problems.length;
  if (problems.length > 0) throw refused(problems, total);
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const existing = new Map<string, User>();
    const listed = await store.users.list(options.tenant, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10_000 });
    for (const user of listed.rows) existing.set(user.email, user);
    const skipped: SkippedUser[] = [];
    const toCreate: UserRow[] = [];
    for (const row of rows) {
      const user = existing.get(row.email);
      if (user) skipped.push({ line: row.line, email: row.email, uuid: user.uuid, role: user.role, is_active: user.is_active });
      else toCreate.push(row);
    }
    const created: CreatedUser[] = [];
    const storeProblems: RowProblem[] = [];
    try {
      await store.transaction(async (transaction) => {
        for (const row of toCreate) {
          let user: User;
          try {
            user = await transaction.users.create({ tenant_uuid: options.tenant, name: row.name, email: row.email, role: row.role });
          } catch (error) {
            // Refused before anything of the row is written (another user's person holds the address): the other rows go on
            // being checked, and the transaction is rolled back at the end.
            if (error instanceof ConflictError || error instanceof InvalidInputError) {
              storeProblems.push({ line: row.line, problem: error.message.replace(/^users\.create: /, "") });
              continue;
            }
            throw error;
          }
          let key: CreatedUser["key"] = null;
          if (options.keys && !options.dryRun) {
            const issued = await issueApiKey(transaction, { tenantUuid: options.tenant, userUuid: user.uuid, label, readOnly: options.readOnly === true });
            key = { uuid: issued.key.uuid, key_prefix: issued.key.key_prefix, read_only: issued.key.read_only, label: issued.key.label, key: issued.plaintext };
          }
          created.push({ line: row.line, user, key });
        }
        if (storeProblems.length > 0 || options.dryRun) throw new RolledBack();
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    }
    if (storeProblems.length > 0) throw refused(storeProblems, total);
    const dryRun = options.dryRun === true;
    printResult(
      global,
      {
        tenant_uuid: options.tenant,
        dry_run: dryRun,
        created: created.map(({ line, user, key }) => (dryRun ? { line, name: user.name, email: user.email, role: user.role } : { line, ...user, key })),
        skipped,
      },
      () => humanLines(options, created, skipped, dryRun),
    );
  });
}

function humanLines(options: ImportUsersOptions, created: CreatedUser[], skipped: SkippedUser[], dryRun: boolean): string[] {
  const users = (count: number) => `${count} user${count === 1 ? "" : "s"}`;
  const withKeys = options.keys ? `, each with a${options.readOnly ? " read-only" : ""} key bound to them` : "";
  const lines = [
    dryRun
      ? `dry run: would create ${users(created.length)} in tenant ${options.tenant}${withKeys}; ${skipped.length} already users; nothing was written`
      : `created ${users(created.length)} in tenant ${options.tenant}${withKeys}; ${skipped.length} already users, left as they are`,
  ];
  for (const { line, user, key } of created) {
    lines.push(dryRun ? `line ${line}: would create ${user.role} ${user.name} <${user.email}>` : `line ${line}: created ${user.role} ${user.uuid} ${user.name} <${user.email}>`);
    if (key) lines.push(`  key ${key.uuid} ${key.key}`);
  }
  for (const each of skipped) {
    lines.push(`line ${each.line}: skipped ${each.email}: already user ${each.uuid} (${each.role}, ${each.is_active ? "active" : "deactivated: rapport users reactivate brings them back"})`);
  }
  if (created.some(({ key }) => key)) lines.push("store the keys now: they are not shown again");
  return lines;
}
