/**
 * @module
 * `rapport import <kind> <file|folder|->`: brings a team's own mail (mbox, .eml), calendar (ics),
 * contacts (vcf) and CRM exports (csv) into a tenant, straight on the database, with a dry run, a
 * progress display and a summary. Ctrl-C stops after the batch in flight; a re-run resumes. The command's
 * arguments, options and help; the import itself is loaded from import-action.ts when it runs.
 */
import { IMPORT_KINDS, type ImportKind } from "@rapport/store/vocabulary";
import { Argument, Command, InvalidArgumentError, Option } from "commander";
import { DEFAULT_BATCH_SIZE } from "../imports/batch-size.js";
import { CSV_ENTITIES } from "../imports/csv-entities.js";
import { parseIsoTimestamp, parseIsoWindowEnd } from "../platform/request/iso-timestamp.js";
import type { ImportOptions } from "./import-action.js";
import { tenantUuidOption, userUuidOption } from "./uuid-option.js";
import { wholeNumberOption } from "./whole-number-option.js";

function isoDate(value: string, parse = parseIsoTimestamp): number {
  const time = parse(value);
  if (time === null) throw new InvalidArgumentError("must be an ISO 8601 date (YYYY-MM-DD) or date-time");
  return time;
}

/** `--until`: a date alone is the window's last day, included whole. */
const isoWindowEnd = (value: string): number => isoDate(value, parseIsoWindowEnd);

const batchSize = wholeNumberOption(1, 5_000, "must be an integer from 1 to 5000");

export function importCommand(): Command {
  return new Command("import")
    .description("import a team's own mail (mbox, .eml), calendar (ics), contacts (vcf) or CRM export (csv)")
    .addArgument(new Argument("<kind>", "what the input is").choices(IMPORT_KINDS))
    .argument("<source>", "a file, a folder (mbox: of .eml files; ics, vcf: of such files), or - for standard input")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .option("--user <uuid>", "mbox, ics: the internal user whose mailbox or calendar this is", userUuidOption)
    .option("--dry-run", "write nothing; print what would happen")
    .option("--keep-bodies", "mbox: also keep plain-text message bodies (headers only otherwise)")
    .option("--since <date>", "ics: first day of the window (default: 3 years ago)", (value: string) => isoDate(value))
    .option("--until <date>", "ics: last day of the window, included (default: 6 months ahead)", isoWindowEnd)
    .addOption(
      new Option("--map <Header=field,...>", "csv: column mapping by header name (repeatable)")
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([] as string[], "the known exports' headers"),
    )
    .addOption(new Option("--entity <entity>", "csv: what the rows are (default: guessed from the header)").choices(CSV_ENTITIES))
    .addOption(new Option("--batch-size <n>", "items per transaction").argParser(batchSize).default(DEFAULT_BATCH_SIZE))
    .action(async (kind: ImportKind, source: string, options: ImportOptions, command: Command) => (await import("./import-action.js")).runImport(kind, source, options, command));
}
