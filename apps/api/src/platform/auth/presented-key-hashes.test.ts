import { describe, expect, it } from "vitest";
import { hashApiKey } from "./api-key-secret.js";
import { PresentedKeyHashes } from "./presented-key-hashes.js";

/** A memo over the real hash that counts how often it hashes. */
function countingMemo(maximum?: number) {
  const counted = { hashes: 0 };
  const memo = new PresentedKeyHashes((plaintext) => {
    counted.hashes += 1;
    return hashApiKey(plaintext);
  }, maximum);
  return { memo, counted };
}

describe("PresentedKeyHashes", () => {
  it("hashes a key until it is found live, then answers from memory", () => {
    const { memo, counted } = countingMemo();
    expect(memo.hashOf("pk_a")).toBe(hashApiKey("pk_a"));
    expect(memo.hashOf("pk_a")).toBe(hashApiKey("pk_a"));
    expect(counted.hashes).toBe(2);
    memo.rememberLive("pk_a", hashApiKey("pk_a"));
    expect(memo.hashOf("pk_a")).toBe(hashApiKey("pk_a"));
    expect(counted.hashes).toBe(2);
  });

  it("forgets a key found no longer live", () => {
    const { memo, counted } = countingMemo();
    memo.rememberLive("pk_a", hashApiKey("pk_a"));
    memo.forget("pk_a");
    expect(memo.size).toBe(0);
    expect(memo.hashOf("pk_a")).toBe(hashApiKey("pk_a"));
    expect(counted.hashes).toBe(1);
  });

  it("starts over when full, so presenting many keys cannot grow it without bound", () => {
    const { memo } = countingMemo(3);
    for (const key of ["pk_a", "pk_b", "pk_c"]) memo.rememberLive(key, hashApiKey(key));
    expect(memo.size).toBe(3);
    memo.rememberLive("pk_d", hashApiKey("pk_d"));
    expect(memo.size).toBe(1);
    expect(memo.hashOf("pk_d")).toBe(hashApiKey("pk_d"));
  });
});
