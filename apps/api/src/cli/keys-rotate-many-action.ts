/**
 * @module
 * What `rapport keys rotate --older-than DAYS [--label L]` does: every working key of the tenant created more than
 * DAYS days ago (of label L), each replaced as `keys rotate --key-id` replaces one, in one transaction; the new keys
 * printed once. Keys made by the rotation are days younger, so a second run rotates nothing again.
 */
import type { Command } from "commander";
import { rotateApiKey, type RotatedApiKeyWithSecret } from "../platform/auth/rotate-api-key.js";
import { counted } from "../platform/text/counted.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { printResult } from "./cli-output.js";

const DAY_MS = 86_400_000;

interface RotateManyOptions {
  tenant: string;
  olderThan: number;
  label?: string;
  grace: number;
}

interface Skipped {
  uuid: string;
  user_uuid: string | null;
  label: string | null;
  reason: string;
}

/** Rotates the tenant's working keys older than `--older-than` days (of `--label`), all or none. */
export async function rotateKeys(options: RotateManyOptions, command: Command, now: () => number = Date.now): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const createdBefore = now() - options.olderThan * DAY_MS;
    const listed = (await store.users.list(options.tenant, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10_000 })).rows;
    const users = new Map(listed.map((user) => [user.uuid, user]));
    // Users come by name: a key's place is its user's, a tenant-scoped key's after them all.
    const placeByName = new Map(listed.map((user, index) => [user.uuid, index]));
    const byName = (userUuid: string | null) => (userUuid === null ? listed.length : (placeByName.get(userUuid) ?? listed.length));
    const { rotated, skipped } = await store.transaction(async (transaction) => {
      const rotated: RotatedApiKeyWithSecret[] = [];
      const skipped: Skipped[] = [];
      const keys = (await transaction.apiKeys.list(options.tenant))
        .filter((key) => key.revoked_at === null && key.created_at < createdBefore && (options.label === undefined || key.label === options.label))
        // In the order the new keys are handed over: by their user's name, then the tenant-scoped ones.
        .sort((a, b) => byName(a.user_uuid) - byName(b.user_uuid) || (a.label ?? "").localeCompare(b.label ?? "") || a.uuid.localeCompare(b.uuid));
      for (const key of keys) {
        const user = key.user_uuid === null ? null : users.get(key.user_uuid);
        // A key in its grace period was rotated already; a deactivated user's new key would answer 403.
        if (key.expires_at !== null) skipped.push({ uuid: key.uuid, user_uuid: key.user_uuid, label: key.label, reason: `rotated already: it expires at ${new Date(key.expires_at).toISOString()}` });
        else if (user && !user.is_active) skipped.push({ uuid: key.uuid, user_uuid: key.user_uuid, label: key.label, reason: `bound to user ${user.uuid}, who is deactivated` });
        else rotated.push((await rotateApiKey(transaction, { tenantUuid: options.tenant, keyUuid: key.uuid, graceHours: options.grace }))!);
      }
      return { rotated, skipped };
    });
    const which = `created more than ${counted(options.olderThan, "day")} ago${options.label === undefined ? "" : ` labelled ${JSON.stringify(options.label)}`}`;
    // A schedule's run that finds nothing old enough is not a failure.
    if (rotated.length === 0 && skipped.length === 0) {
      printResult(global, { tenant_uuid: options.tenant, older_than_days: options.olderThan, label: options.label ?? null, grace_hours: options.grace, rotated: [], skipped: [] }, () => [
        `no working key of tenant ${options.tenant} was ${which}; nothing changed`,
      ]);
      return;
    }
    const userOf = (uuid: string | null) => (uuid === null ? undefined : users.get(uuid));
    const until = rotated[0]?.replaced.expires_at ?? null;
    printResult(
      global,
      {
        tenant_uuid: options.tenant,
        older_than_days: options.olderThan,
        label: options.label ?? null,
        grace_hours: options.grace,
        rotated: rotated.map(({ key, plaintext, replaced }) => ({
          ...key,
          key: plaintext,
          user_email: userOf(key.user_uuid)?.email ?? null,
          replaced: { uuid: replaced.uuid, expires_at: replaced.expires_at, revoked_at: replaced.revoked_at },
        })),
        skipped,
      },
      () => [
        `rotated ${counted(rotated.length, "key")} of tenant ${options.tenant} ${which}; ` +
          (until === null ? "the old keys are revoked: they answer 401 from now on" : `the old keys keep working until ${new Date(until).toISOString()} (${counted(options.grace, "hour")}), then answer 401`),
        ...rotated.flatMap(({ key, plaintext, replaced }) => {
          const user = userOf(key.user_uuid);
          const owner = user ? `bound to user ${user.uuid} ${user.name} <${user.email}>` : "tenant-scoped";
          return [`created ${key.read_only ? "read-only " : ""}key ${key.uuid} (${owner}) to replace key ${replaced.uuid}${key.label === null ? "" : ` labelled ${JSON.stringify(key.label)}`}`, plaintext];
        }),
        ...skipped.map((key) => `skipped key ${key.uuid}: ${key.reason}`),
        ...(rotated.length > 0 ? ["store them now: they are not shown again"] : []),
      ],
    );
  });
}
