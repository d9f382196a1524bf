/** API key material: `pk_` + 32 random bytes in base64url; only a SHA-256 hash is ever stored. */
import { hash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "pk_";

/**
 * Hashes a presented key for lookup. Keys carry 256 bits of entropy, so a fast hash is enough. Every
 * request hashes its key: the one-shot `hash` takes less than half the time of a `Hash` object (Node 20.12 and later).
 */
export function hashApiKey(plaintext: string): string {
  return hash("sha256", plaintext, "hex");
}

export interface GeneratedApiKey {
  plaintext: string;
  hash: string;
  /** The first characters, safe to show in listings to tell keys apart. */
  prefix: string;
}

/** Makes a new key; the plaintext must be shown once and then forgotten. */
export function generateApiKey(random: (size: number) => Buffer = randomBytes): GeneratedApiKey {
  const plaintext = API_KEY_PREFIX + random(32).toString("base64url");
  return { plaintext, hash: hashApiKey(plaintext), prefix: plaintext.slice(0, 10) };
}
