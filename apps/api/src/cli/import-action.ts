/**
 * @module
 * What `rapport import` does once its options are read (in import-command.ts): opens the store, imports the
 * source with a progress display and Ctrl-C handling, and prints the summary.
 */
import { resolve } from "node:path";
import { setImmediate } from "node:timers/promises";
import type { ImportKind, Store, User } from "@rapport/store";
import type { Command } from "commander";
import type { CsvEntity } from "../imports/csv-entities.js";
import { checkOptionsApply, defaultWindow, ImportRequestError, type ImportRequest } from "../imports/import-request.js";
import type { ImportSummary } from "../imports/import-summary.js";
import { likelyDuplicateLines } from "./likely-duplicate-lines.js";
import { ImportReadError } from "../imports/import-read-error.js";
import { ImportFormatError } from "../imports/imported-items.js";
import { MAX_PERSON_EMAIL_ADDRESSES } from "../platform/request/count-limits.js";
import { CliError, printResult } from "./cli-output.js";
import { openStore } from "./open-store.js";
import { commandStreams } from "./command-streams.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { createImportProgressDisplay } from "./import-progress.js";
import { signalExitCode, STOPPING_SIGNALS } from "./stopping-signals.js";

export interface ImportOptions {
  tenant: string;
  user?: string;
  dryRun?: boolean;
  keepBodies?: boolean;
  since?: number;
  until?: number;
  map: string[];
  entity?: CsvEntity;
  batchSize?: number;
}

async function ownerOf(store: Store, tenantUuid: string, userUuid: string | undefined): Promise<User | null> {
  if (!userUuid) return null;
  const user = await store.users.get(tenantUuid, userUuid);
  if (!user) throw new CliError(`user ${userUuid} not found in tenant ${tenantUuid}`);
  if (!user.is_active) throw new CliError(`user ${userUuid} is deactivated`);
  return user;
}

/** The human summary: what happened, the first problems, and who owns (or might own) the archive. */
export function summaryLines(summary: ImportSummary, source: string): string[] {
  const lines = [
    `${summary.dry_run ? "dry run (nothing written) of " : ""}${summary.kind} import of ${source}: ${summary.outcome} in ${(summary.duration_ms / 1_000).toFixed(1)} s`,
    `  items: ${summary.items.read} read, ${summary.items.written} ${summary.dry_run ? "to write" : "written"}, ${summary.items.unchanged} already there, ${summary.items.skipped} skipped, ${summary.items.failed} failed`,
  ];
  if (summary.kind === "mbox") lines.push(`  emails: ${summary.emails.new} new, ${summary.emails.known} already known`);
  if (summary.kind === "ics") {
    const { meetings } = summary;
    lines.push(`  meetings: ${meetings.new} new, ${meetings.known} already known, ${meetings.updated} updated, ${meetings.cancelled_skipped} cancelled and left out${meetings.removed > 0 ? `, ${meetings.removed} removed (all-day events an earlier import stored as 24-hour meetings)` : ""}`);
  }
  const addressesAdded = summary.persons.addresses_added > 0 ? `, ${summary.persons.addresses_added} of their addresses ${summary.dry_run ? "to add" : "added"} to matched persons` : "";
  const leftOut = summary.persons.addresses_left_out;
  const addressesLeftOut = leftOut > 0 ? `, ${leftOut} address${leftOut === 1 ? "" : "es"} left out (a person holds at most ${MAX_PERSON_EMAIL_ADDRESSES})` : "";
  const { updated, jobs_updated: jobsUpdated } = summary.persons;
  const jobs = jobsUpdated > 0 ? `, ${jobsUpdated} with a new company or title from this newer export` : "";
  const updates = updated > 0 ? ` (${updated} ${summary.dry_run ? "to update" : "updated"}${jobs})` : "";
  lines.push(`  persons: ${summary.persons.matched} matched${updates}, ${summary.persons.created} ${summary.dry_run ? "to create" : "created"}, ${summary.persons.skipped} skipped${addressesAdded}${addressesLeftOut}`);
  if (summary.kind === "vcf" || summary.kind === "csv") lines.push(`  companies: ${summary.companies.matched} matched, ${summary.companies.created} ${summary.dry_run ? "to create" : "created"}`);
  lines.push(...likelyDuplicateLines(summary.likely_duplicates));
  const reasons = Object.entries(summary.skipped);
  if (reasons.length > 0) lines.push(`  skipped: ${reasons.map(([reason, count]) => `${count} ${reason}`).join(", ")}`);
  if (summary.problems.count > 0) {
    lines.push(`  problems: ${summary.problems.count}${summary.problems.count > summary.problems.first.length ? ` (first ${summary.problems.first.length})` : ""}`);
    for (const problem of summary.problems.first) lines.push(`    ${problem.position}: ${problem.message}`);
  }
  if (summary.owner) lines.push(`  owner: ${summary.owner.name} <${summary.owner.email}>, named in ${summary.owner.appearances} items`);
  if (summary.proposed_owner) {
    const proposed = summary.proposed_owner;
    lines.push(`  proposed owner: ${proposed.name} <${proposed.email}> (named in ${proposed.appearances} items); pass --user ${proposed.user_uuid} to record it`);
  }
  if (summary.outcome === "interrupted") lines.push("  stopped early: what was written is complete; run the same command again to finish");
  return lines;
}

/** What `rapport import <kind> -` says on stderr when standard input is a terminal, before it reads. */
export const TERMINAL_INPUT_NOTICE = "rapport: reading the archive from standard input (this terminal): paste it, then press Ctrl-D on an empty line to end it\n";

/** Runs `rapport import <kind> <source>` with its parsed options. */
export async function runImport(kind: ImportKind, source: string, options: ImportOptions, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const window = defaultWindow(Date.now());
  const request: ImportRequest = {
    kind,
    dryRun: options.dryRun ?? false,
    keepBodies: options.keepBodies ?? false,
    since: options.since ?? window.since,
    until: options.until ?? window.until,
    entity: options.entity ?? null,
    map: options.map,
    given: (["since", "until", "user"] as const).filter((name) => options[name] !== undefined).map((name) => (name === "user" ? "user_uuid" : name)),
  };
  const path = existingDatabasePath(global.db);
  const store = await openingDatabase(path, () => openStore(path));
  const streams = commandStreams();
  const controller = new AbortController();
  let batchWritten = false;
  // The exit code is the first signal's: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP (`signalExitCode`).
  let stoppedBy: NodeJS.Signals = "SIGINT";
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(signalExitCode(stoppedBy));
    stoppedBy = signal;
    // Before the first batch, the import may be waiting for input (a terminal, a pipe, a named pipe's writer) and
    // would never reach a batch to stop after; nothing is written yet, so it stops at once.
    if (!batchWritten) {
      streams.stderr.write("\nrapport: stopped before any batch was written: nothing was imported\n");
      process.exit(signalExitCode(signal));
    }
    // A service manager's SIGTERM pressed no key: the hint names the signal that came.
    const again = signal === "SIGINT" ? "Ctrl-C" : signal;
    streams.stderr.write(`\nrapport: stopping after the batch in flight (${again} again to quit at once)\n`);
    controller.abort();
  };
  // SIGTERM too: a service manager's stop, `docker stop`, a cron job's timeout; SIGHUP: the terminal or ssh session
  // it ran in closed, which would otherwise end it in the middle of a batch's transaction.
  for (const signal of STOPPING_SIGNALS) process.on(signal, onSignal);
  const display = createImportProgressDisplay(streams.stderr);
  try {
    if (!(await store.tenants.get(options.tenant))) throw new CliError(`tenant ${options.tenant} not found`);
    // Before the owner is looked up: `--user` with contacts is refused as such, not as an unknown user.
    checkOptionsApply(request);
    const owner = await ownerOf(store, options.tenant, options.user);
    // Typed or pasted into a terminal, the archive's end is not evident: without a word, the command seemed to hang.
    if (source === "-" && streams.stdin.isTTY) streams.stderr.write(TERMINAL_INPUT_NOTICE);
    const { importArchive } = await import("../imports/import-archive.js");
    const summary = await importArchive({
      store,
      tenantUuid: options.tenant,
      input: source === "-" ? { stream: streams.stdin, name: "standard input" } : { path: resolve(source) },
      request,
      owner,
      signal: controller.signal,
      // A signal is handled only when the event loop turns: without a yield, an archive read in large chunks went
      // on for hundreds of messages after Ctrl-C rather than stopping after the batch in flight.
      yieldControl: () => setImmediate(),
      onProgress: (progress) => {
        batchWritten = true;
        display.update(progress);
      },
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    });
    // The persons and companies it wrote go into the search's name indexes now, so the server's next
    // searches do not each take 20,000 of them and read every name meanwhile.
    if (!request.dryRun) await store.nameSearch.catchUp(options.tenant);
    display.stop();
    printResult(global, summary, () => summaryLines(summary, source === "-" ? "standard input" : source));
    if (summary.outcome === "interrupted") process.exitCode = signalExitCode(stoppedBy);
  } catch (error) {
    display.stop();
    if (error instanceof ImportReadError) throw new CliError(error.describe(source === "-" ? "standard input" : source));
    if (error instanceof ImportFormatError || error instanceof ImportRequestError) throw new CliError(error.message);
    throw error;
  } finally {
    for (const signal of STOPPING_SIGNALS) process.off(signal, onSignal);
    // Stopped while a writer held the pipe open with nothing to send: the read under way would keep the process up.
    if (source === "-" && controller.signal.aborted) streams.stdin.destroy();
    await store.close();
  }
}
