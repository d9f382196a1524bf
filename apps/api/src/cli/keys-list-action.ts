/**
 * @module
 * What `rapport keys list` does: a tenant's keys with their state and last use; with `--unused-for <days>`, only the
 * working keys not used in that many days (never-used keys created before then included): the ones to revoke.
 */
import type { ListedApiKey } from "@rapport/store";
import type { Command } from "commander";
import { requireTenant, withStore } from "./admin-actions.js";
import { printResult } from "./cli-output.js";
import { isLiveKey, keyLine } from "./key-line.js";

const DAY_MS = 86_400_000;

/** Whether a working key has not been used since `since` (a key never used: created before it). */
function unusedSince(key: ListedApiKey, since: number, now: number): boolean {
  return isLiveKey(key, now) && (key.last_used_at ?? key.created_at) < since;
}

export async function listKeys(options: { tenant: string; unusedFor?: number }, command: Command, now: () => number = Date.now): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const at = now();
    const keys = await store.apiKeys.list(options.tenant);
    const listed = options.unusedFor === undefined ? keys : keys.filter((key) => unusedSince(key, at - options.unusedFor! * DAY_MS, at));
    printResult(global, listed, () => listed.map((key) => keyLine(key, at)));
  });
}
