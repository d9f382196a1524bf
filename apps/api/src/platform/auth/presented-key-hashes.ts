/**
 * @module
 * The hashes of keys recently presented and found live, by the key as presented. Every request presents its
 * key, and hashing it cold between requests under load cost a tenth of a kept answer's requests per second
 * (benchmark row 6, 2026-12-02). What the process holds is what it already holds of a key while it is in
 * use: the plaintext arrives with each request. The memo is bounded, and a key found no longer live leaves it.
 */

/** Keys remembered at most before the memo starts over. */
export const MAXIMUM_PRESENTED_KEYS = 10_000;

export class PresentedKeyHashes {
  private readonly hashes = new Map<string, string>();

  constructor(private readonly maximum = MAXIMUM_PRESENTED_KEYS) {}

  /** The hash of `plaintext` remembered when the key was last found live; undefined when none is. */
  remembered(plaintext: string): string | undefined {
    return this.hashes.get(plaintext);
  }

  /** Remembers the hash of a key just found live, that was not remembered. */
  rememberLive(plaintext: string, keyHash: string): void {
    if (this.hashes.size >= this.maximum) this.hashes.clear();
    this.hashes.set(plaintext, keyHash);
  }

  /** Forgets a key found unknown or revoked. */
  forget(plaintext: string): void {
    this.hashes.delete(plaintext);
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.hashes.size;
  }
}
