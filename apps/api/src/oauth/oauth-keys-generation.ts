/**
 * @module
 * Which rotation of the OAuth keys is current, kept in the store's settings so that every server on the database
 * can tell, with one cheap read, that a rotation (`rapport oauth rotate-keys`, from another process) replaced the
 * keys it loaded.
 */
import type { Store } from "@rapport/store";

/** The setting naming the current key set: the kid of the signing key the last rotation made; absent before any. */
export const OAUTH_KEYS_GENERATION_SETTING = "oauth_keys_generation";

/** The current key set's generation; `null` when the keys were never rotated (the keys made on first start). */
export function readOAuthKeysGeneration(store: Store): Promise<string | null> {
  return store.settings.get(OAUTH_KEYS_GENERATION_SETTING);
}
