/**
 * @module
 * Rotating the authorization server's keys (`rapport oauth rotate-keys`): a new signing key and a new cookie key
 * become current. By default the keys they replace keep verifying what they signed until that expires; with
 * `revokeOld` they are deleted at once. Running servers on the database take the new keys at their next OAuth request
 * (oauth-keys-generation.ts).
 */
import type { Store } from "@rapport/store";
import { OAUTH_TTL } from "./authorization-server.js";
import { newCookieKey, readRetiredCookieKeys, COOKIE_KEY_SETTING, RETIRED_COOKIE_KEY_LIFETIME_MS, RETIRED_COOKIE_KEYS_SETTING } from "./cookie-keys.js";
import { OAUTH_KEYS_GENERATION_SETTING } from "./oauth-keys-generation.js";
import { generateSigningKey, type StoredSigningKey } from "./signing-keys.js";

/**
 * How long a replaced signing key keeps verifying: the longest life of a token it signs (access and ID tokens);
 * refresh tokens and codes are stored, not signed, so a rotation leaves them working.
 */
export const RETIRED_SIGNING_KEY_LIFETIME_MS = Math.max(OAUTH_TTL.AccessToken, OAUTH_TTL.IdToken) * 1_000;

export interface OAuthKeyRotation {
  /** Whether the replaced keys were deleted at once. */
  revoked_old: boolean;
  signing_keys: {
    /** The kid of the new signing key, which signs from now on. */
    current: string;
    /** Kids of replaced keys that still verify the tokens they signed, newest first. */
    verifying: string[];
    /** Kids of keys deleted: revoked, or replaced longer ago than any token they signed lives. */
    removed: string[];
  };
  cookie_keys: {
    /** Replaced cookie keys that still verify the sign-in sessions they signed. */
    verifying: number;
    /** Cookie keys deleted: their sign-in sessions end. */
    removed: number;
  };
}

export interface RotateOAuthKeysOptions {
  /** Delete every replaced key at once: tokens and sign-in cookies they signed stop verifying. Default false. */
  revokeOld?: boolean;
  /** Epoch ms; default `Date.now()`. */
  now?: number;
  /** Makes the new signing key; default `generateSigningKey` (a fresh RSA key, a few hundred ms of processor time). */
  generateKey?: () => Promise<StoredSigningKey>;
}

/**
 * Makes a new signing key and a new cookie key current, in one transaction. Deployment-wide: the keys sign for
 * every tenant, and no tenant's data changes.
 *
 * @example
 * const rotation = await rotateOAuthKeys(store, { revokeOld: true });
 * console.log(rotation.signing_keys.current); // the new kid
 */
export async function rotateOAuthKeys(store: Store, options: RotateOAuthKeysOptions = {}): Promise<OAuthKeyRotation> {
  const { revokeOld = false, now = Date.now(), generateKey = generateSigningKey } = options;
  const signingKey = await generateKey();
  return store.transaction(async (transaction) => {
    const existing = await transaction.oauthSigningKeys.list();
    await transaction.oauthSigningKeys.add(signingKey);
    // Each key signed until the next one was made; the last until now.
    const verifying: string[] = [];
    const removed: string[] = [];
    for (const [index, key] of existing.entries()) {
      const replacedAt = existing[index + 1]?.created_at ?? now;
      if (!revokeOld && replacedAt > now - RETIRED_SIGNING_KEY_LIFETIME_MS) verifying.unshift(key.kid);
      else {
        await transaction.oauthSigningKeys.remove(key.kid);
        removed.push(key.kid);
      }
    }

    const currentCookieKey = await transaction.settings.get(COOKIE_KEY_SETTING);
    const retiredBefore = await readRetiredCookieKeys(transaction);
    const replaced = currentCookieKey === null ? [] : [{ key: currentCookieKey, retired_at: now }];
    const retired = revokeOld ? [] : [...replaced, ...retiredBefore.filter((entry) => entry.retired_at > now - RETIRED_COOKIE_KEY_LIFETIME_MS)];
    await transaction.settings.set(COOKIE_KEY_SETTING, newCookieKey());
    await transaction.settings.set(RETIRED_COOKIE_KEYS_SETTING, JSON.stringify(retired));
    // Last, in the same transaction: a running server that sees the new generation loads every key above.
    await transaction.settings.set(OAUTH_KEYS_GENERATION_SETTING, signingKey.kid);

    return {
      revoked_old: revokeOld,
      signing_keys: { current: signingKey.kid, verifying, removed },
      cookie_keys: { verifying: retired.length, removed: replaced.length + retiredBefore.length - retired.length },
    };
  });
}
