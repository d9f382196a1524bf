/**
 * @module
 * `rapport keys rotate`: its options and help; what it does is loaded from keys-rotate-action.ts (one key) or
 * keys-rotate-many-action.ts (`--older-than`) when it runs.
 */
import { Command, Option } from "commander";
import { DEFAULT_ROTATION_GRACE_HOURS, MAXIMUM_ROTATION_GRACE_HOURS } from "../platform/auth/rotation-grace.js";
import { CliError } from "./cli-output.js";
import { MAX_RETENTION_DAYS } from "./history-command.js";
import { tenantUuidOption, uuidOption } from "./uuid-option.js";
import { wholeNumberOption } from "./whole-number-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

/** `--grace`: whole hours from 0 to the maximum. */
export const graceHoursOption = wholeNumberOption(0, MAXIMUM_ROTATION_GRACE_HOURS, `must be a whole number of hours from 0 to ${MAXIMUM_ROTATION_GRACE_HOURS}`);

/** `--older-than`: whole days, 0 (every key: after a breach) included. */
const keyAgeDays = wholeNumberOption(0, MAX_RETENTION_DAYS, `must be a whole number of days from 0 to ${MAX_RETENTION_DAYS}`);

interface RotateOptions {
  tenant: string;
  keyId?: string;
  olderThan?: number;
  label?: string;
  grace: number;
}

export function keysRotateCommand(): Command {
  return new Command("rotate")
    .description(
      "replace an API key (--key-id), or every working key created more than --older-than days ago (of --label), in one " +
        "transaction: a new key of the same tenant, user, label and read-only flag is printed once for each; " +
        "the old key keeps working for the grace period, then answers 401",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .option("--key-id <uuid>", "UUID of the key to replace (from keys list)", uuidOption)
    .addOption(
      new Option("--older-than <days>", "replace every working key created more than this many days ago (0: every one)").argParser(keyAgeDays).conflicts("keyId"),
    )
    .option("--label <label>", "with --older-than: only the keys with this label")
    .option("--grace <hours>", "hours the old key keeps working (0: revoke it now)", graceHoursOption, DEFAULT_ROTATION_GRACE_HOURS)
    .action(
      existingDatabaseAction(async (options: RotateOptions, command) => {
        if (options.keyId === undefined && options.olderThan === undefined) throw new CliError("say which keys to rotate: --key-id <uuid>, or --older-than <days> for many");
        if (options.label !== undefined && options.olderThan === undefined) throw new CliError("--label goes with --older-than");
        if (options.keyId !== undefined) return (await import("./keys-rotate-action.js")).rotateKey({ ...options, keyId: options.keyId }, command);
        // Labels are stored trimmed, as keys create takes them.
        return (await import("./keys-rotate-many-action.js")).rotateKeys({ ...options, olderThan: options.olderThan!, label: options.label?.trim() }, command);
      }),
    );
}
