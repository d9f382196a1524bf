/**
 * @module
 * What `rapport keys list` does: a tenant's working keys with their state and last use (`--all`: its revoked and
 * expired keys too, until `rapport keys prune` deletes them); with `--unused-for <days>`, only the working keys not
 * used in that many days (never-used keys created before then included): the ones to revoke.
 */
import type { ListedApiKey, Store } from "@rapport/store";
import type { Command } from "commander";
import { requireTenant, withStore } from "./admin-actions.js";
import { CliError, printResult } from "./cli-output.js";
import { isLiveKey, keyLine, type KeyToShow } from "./key-line.js";

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

/** Marks the keys bound to a deactivated user, which answer 403 until the user is reactivated. */
async function markSuspended(store: Store, tenantUuid: string, keys: ListedApiKey[]): Promise<KeyToShow[]> {
  const userUuids = [...new Set(keys.flatMap((key) => (key.user_uuid === null ? [] : [key.user_uuid])))];
  const users = await Promise.all(userUuids.map((uuid) => store.users.get(tenantUuid, uuid)));
  const suspended = new Set(users.filter((user) => user !== null && !user.is_active).map((user) => user!.uuid));
  return keys.map((key) => (key.user_uuid !== null && suspended.has(key.user_uuid) ? { ...key, user_suspended: true } : key));
}

interface ListKeysOptions {
  tenant: string;
  unusedFor?: number;
  all?: boolean;
  /** Only the keys bound to this user. */
  user?: string;
}

/** What `rapport keys list` prints when it lists no key: that there is none, in the words of the options. */
function noKeysLine(options: ListKeysOptions): string {
  const where = options.user === undefined ? `in tenant ${options.tenant}` : `bound to user ${options.user}`;
  if (options.unusedFor !== undefined) return `no working keys unused for ${options.unusedFor} days ${where}`;
  return options.all ? `no keys ${where}` : `no working keys ${where}`;
}

export async function listKeys(options: ListKeysOptions, command: Command, now: () => number = Date.now): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    if (options.user !== undefined && !(await store.users.get(options.tenant, options.user))) {
      throw new CliError(`user ${options.user} not found in tenant ${options.tenant}`);
    }
    const at = now();
    const ofUser = (await store.apiKeys.list(options.tenant)).filter((key) => options.user === undefined || key.user_uuid === options.user);
    const keys = keysToList(ofUser, options, at);
    const listed = await markSuspended(store, options.tenant, keys);
    printResult(global, listed, () => (listed.length > 0 ? listed.map((key) => keyLine(key, at)) : [noKeysLine(options)]));
  });
}
