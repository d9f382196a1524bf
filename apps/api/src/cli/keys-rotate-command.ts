/**
 * @module
 * `rapport keys rotate`: its options and help; what it does is loaded from keys-rotate-action.ts when it runs.
 */
import { Command } from "commander";
import { DEFAULT_ROTATION_GRACE_HOURS, MAXIMUM_ROTATION_GRACE_HOURS } from "../platform/auth/rotation-grace.js";
import { tenantUuidOption, uuidOption } from "./uuid-option.js";
import { wholeNumberOption } from "./whole-number-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

/** `--grace`: whole hours from 0 to the maximum. */
export const graceHoursOption = wholeNumberOption(0, MAXIMUM_ROTATION_GRACE_HOURS, `must be a whole number of hours from 0 to ${MAXIMUM_ROTATION_GRACE_HOURS}`);

export function keysRotateCommand(): Command {
  return new Command("rotate")
    .description(
      "replace an API key: a new key of the same tenant, user, label and read-only flag is printed once; " +
        "the old key keeps working for the grace period, then answers 401",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--key-id <uuid>", "UUID of the key to replace (from keys list)", uuidOption)
    .option("--grace <hours>", "hours the old key keeps working (0: revoke it now)", graceHoursOption, DEFAULT_ROTATION_GRACE_HOURS)
    .action(existingDatabaseAction(async (options, command) => (await import("./keys-rotate-action.js")).rotateKey(options, command)));
}
