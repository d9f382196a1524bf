/**
 * @module
 * What `rapport keys prune` does: deletes the keys retired (revoked, or expired after a rotation) more than
 * `--older-than` days ago, of every tenant or of `--tenant`'s, and prints each one deleted.
 */
import type { ApiKey } from "@rapport/store";
import type { Command } from "commander";
import { counted } from "../platform/text/counted.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { printResult } from "./cli-output.js";
import { isoDay, isoMinute } from "./key-line.js";

const DAY_MS = 86_400_000;

/** What `rapport keys prune` prints: with `--json`, this document. */
export interface KeysPruneOutput {
  older_than_days: number;
  /** Keys retired before this time (epoch ms) were deleted. */
  retired_before: number;
  tenant_uuid: string | null;
  deleted: Array<Pick<ApiKey, "uuid" | "tenant_uuid" | "key_prefix" | "label" | "revoked_at" | "expires_at">>;
}

function retirementOf(key: ApiKey): string {
  return key.revoked_at !== null ? `revoked ${isoDay(key.revoked_at)}` : `expired ${isoMinute(key.expires_at!)}`;
}

export async function pruneKeys(options: { olderThan: number; tenant?: string }, command: Command, now: () => number = Date.now): Promise<void> {
  await withStore(command, async (store, global) => {
    if (options.tenant !== undefined) await requireTenant(store, options.tenant);
    const retiredBefore = now() - options.olderThan * DAY_MS;
    const deleted = await store.apiKeys.deleteRetired({ retiredBefore, ...(options.tenant === undefined ? {} : { tenantUuid: options.tenant }) });
    const output: KeysPruneOutput = {
      older_than_days: options.olderThan,
      retired_before: retiredBefore,
      tenant_uuid: options.tenant ?? null,
      deleted: deleted.map(({ uuid, tenant_uuid, key_prefix, label, revoked_at, expires_at }) => ({ uuid, tenant_uuid, key_prefix, label, revoked_at, expires_at })),
    };
    printResult(global, output, () => [
      `deleted ${counted(deleted.length, "key")} revoked or expired before ${isoMinute(retiredBefore)}${options.tenant ? ` in tenant ${options.tenant}` : ""}`,
      ...deleted.map((key) => `  ${key.uuid}  ${key.key_prefix}…  tenant ${key.tenant_uuid}  ${retirementOf(key)}${key.label ? `  ${key.label}` : ""}`),
    ]);
  });
}
