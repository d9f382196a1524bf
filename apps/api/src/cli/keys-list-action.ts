/**
 * @module
 * What `rapport keys list` does: a tenant's working keys with their state and last use (`--all`: its revoked and
 * expired keys too, until `rapport keys prune` deletes them); with `--unused-for <days>`, only the working keys not
 * used in that many days (never-used keys created before then included): the ones to revoke.
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

/** Which of the tenant's keys `rapport keys list` shows with these options. */
function keysToList(keys: ListedApiKey[], options: { unusedFor?: number; all?: boolean }, now: number): ListedApiKey[] {
  if (options.unusedFor !== undefined) return keys.filter((key) => unusedSince(key, now - options.unusedFor! * DAY_MS, now));
  return options.all ? keys : keys.filter((key) => isLiveKey(key, now));
}

export async function listKeys(options: { tenant: string; unusedFor?: number; all?: boolean }, command: Command, now: () => number = Date.now): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const at = now();
    const listed = keysToList(await store.apiKeys.list(options.tenant), options, at);
    printResult(global, listed, () => listed.map((key) => keyLine(key, at)));
  });
}
