/**
 * @module
 * The keys the authorization server signs its cookies with (the sign-in session, a sign-in in progress), kept in the
 * store's settings: the current key signs and verifies; keys a rotation retired (`rotateOAuthKeys`) only verify,
 * for as long as a session cookie they signed may live.
 */
import { randomBytes } from "node:crypto";
import type { Store } from "@rapport/store";

/** The setting holding the current cookie key (the only one before rotations existed). */
export const COOKIE_KEY_SETTING = "oauth_cookie_key";
/** The setting holding the retired cookie keys, newest first, as JSON `[{ key, retired_at }]`. */
export const RETIRED_COOKIE_KEYS_SETTING = "oauth_retired_cookie_keys";

/** How long a retired cookie key keeps verifying: a sign-in session's lifetime (`OAUTH_TTL.Session`, 14 days). */
export const RETIRED_COOKIE_KEY_LIFETIME_MS = 14 * 24 * 60 * 60 * 1_000;

export interface RetiredCookieKey {
  key: string;
  /** Epoch ms when a rotation replaced it. */
  retired_at: number;
}

export function newCookieKey(): string {
  return randomBytes(32).toString("base64url");
}

/** The retired cookie keys as stored, newest first; none when the setting is absent. */
export async function readRetiredCookieKeys(store: Store): Promise<RetiredCookieKey[]> {
  const stored = await store.settings.get(RETIRED_COOKIE_KEYS_SETTING);
  if (stored === null) return [];
  const parsed: unknown = JSON.parse(stored);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((entry): entry is RetiredCookieKey => typeof entry?.key === "string" && typeof entry?.retired_at === "number");
}

/** The cookie keys for the authorization server: the current one first (creating it when there is none), then the retired ones still verifying. */
export async function loadCookieKeys(store: Store, now: number = Date.now()): Promise<string[]> {
  const current = await store.settings.getOrCreate(COOKIE_KEY_SETTING, newCookieKey);
  const retired = await readRetiredCookieKeys(store);
  return [current, ...retired.filter((entry) => entry.retired_at > now - RETIRED_COOKIE_KEY_LIFETIME_MS).map((entry) => entry.key)];
}
