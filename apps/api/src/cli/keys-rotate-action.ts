/**
 * @module
 * What `rapport keys rotate` does: a new key of the same tenant, user, label and read-only flag, printed once; the
 * old key keeps working for the grace period (`--grace <hours>`), then answers 401 (0: revoked at once).
 */
import type { Command } from "commander";
import { rotateApiKey } from "../platform/auth/rotate-api-key.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { CliError, printResult } from "./cli-output.js";

export async function rotateKey(options: { tenant: string; keyId: string; grace: number }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const rotated = await rotateApiKey(store, { tenantUuid: options.tenant, keyUuid: options.keyId, graceHours: options.grace });
    if (!rotated) throw new CliError(`key ${options.keyId} not found in tenant ${options.tenant} (rapport keys list --tenant ${options.tenant} lists its keys)`);
    const { key, plaintext, replaced } = rotated;
    printResult(global, { ...key, key: plaintext, replaced: { uuid: replaced.uuid, expires_at: replaced.expires_at, revoked_at: replaced.revoked_at } }, () => [
      `created ${key.read_only ? "read-only " : ""}key ${key.uuid} (${key.user_uuid ? `bound to user ${key.user_uuid}` : "tenant-scoped"}) to replace key ${replaced.uuid}`,
      plaintext,
      "store it now: it is not shown again",
      replaced.expires_at === null
        ? `key ${replaced.uuid} is revoked: it answers 401 from now on`
        : `key ${replaced.uuid} keeps working until ${new Date(replaced.expires_at).toISOString()} (${options.grace} hour${options.grace === 1 ? "" : "s"}), then answers 401`,
    ]);
  });
}
