/** Replaces an API key with a new one of the same scope; the old one works for a grace period, then answers 401. */
import { InvalidInputError, type ApiKey, type Store } from "@rapport/store";
import { generateApiKey } from "./api-key-secret.js";
import { MAXIMUM_ROTATION_GRACE_HOURS } from "./rotation-grace.js";

export interface RotatedApiKeyWithSecret {
  /** The new key: same tenant, user, label and read-only flag. */
  key: ApiKey;
  /** The new key's plaintext: shown once, only its hash is stored. */
  plaintext: string;
  /** The old key: `expires_at` set to the end of the grace period, or `revoked_at` now when there is none. */
  replaced: ApiKey;
}

/**
 * Rotates key `keyUuid` of the tenant: a new key of the same user, label and read-only flag, and the old one expiring
 * `graceHours` from now (0: revoked at once), in one transaction. Null for a key the tenant does not have. An
 * `InvalidInputError` names why a key cannot be rotated: it is revoked, it was rotated already (it expires), or the
 * user it is bound to is deactivated (the new key would answer 403 to every call).
 *
 * @example
 * const rotated = await rotateApiKey(store, { tenantUuid, keyUuid, graceHours: 24 });
 * console.log(rotated?.plaintext); // pk_...
 */
export async function rotateApiKey(
  store: Store,
  input: { tenantUuid: string; keyUuid: string; graceHours: number },
): Promise<RotatedApiKeyWithSecret | null> {
  const { tenantUuid, keyUuid, graceHours } = input;
  if (!Number.isInteger(graceHours) || graceHours < 0 || graceHours > MAXIMUM_ROTATION_GRACE_HOURS) {
    throw new InvalidInputError(`the grace period must be a whole number of hours from 0 to ${MAXIMUM_ROTATION_GRACE_HOURS}; got ${graceHours}`);
  }
  const old = (await store.apiKeys.list(tenantUuid)).find((key) => key.uuid === keyUuid);
  if (!old) return null;
  if (old.revoked_at !== null) {
    throw new InvalidInputError(`key ${keyUuid} was revoked at ${new Date(old.revoked_at).toISOString()}: there is nothing to rotate; create a key instead`);
  }
  if (old.expires_at !== null) {
    throw new InvalidInputError(`key ${keyUuid} was rotated already, with a grace period until ${new Date(old.expires_at).toISOString()} (revoking it ends that now)`);
  }
  if (old.user_uuid) {
    const user = await store.users.get(tenantUuid, old.user_uuid);
    if (!user?.is_active) {
      throw new InvalidInputError(`key ${keyUuid} is bound to user ${old.user_uuid}, who is deactivated: a new key would answer 403 to every call`);
    }
  }
  const generated = generateApiKey();
  const rotated = await store.apiKeys.rotate(tenantUuid, keyUuid, { key_hash: generated.hash, key_prefix: generated.prefix }, { graceMs: graceHours * 3_600_000 });
  return rotated && { ...rotated, plaintext: generated.plaintext };
}
