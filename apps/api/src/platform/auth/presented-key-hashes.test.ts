import { describe, expect, it } from "vitest";
import { hashApiKey } from "./api-key-secret.js";
import { PresentedKeyHashes } from "./presented-key-hashes.js";

describe("PresentedKeyHashes", () => {
  it("answers a key's hash once the key was found live, and nothing before", () => {
    const memo = new PresentedKeyHashes();
    expect(memo.remembered("pk_a")).toBeUndefined();
    memo.rememberLive("pk_a", hashApiKey("pk_a"));
    expect(memo.remembered("pk_a")).toBe(hashApiKey("pk_a"));
    expect(memo.remembered("pk_b")).toBeUndefined();
  });

  it("forgets a key found no longer live", () => {
    const memo = new PresentedKeyHashes();
    memo.rememberLive("pk_a", hashApiKey("pk_a"));
    memo.forget("pk_a");
    expect(memo.size).toBe(0);
    expect(memo.remembered("pk_a")).toBeUndefined();
  });

  it("starts over when full, so presenting many keys cannot grow it without bound", () => {
    const memo = new PresentedKeyHashes(3);
    for (const key of ["pk_a", "pk_b", "pk_c"]) memo.rememberLive(key, hashApiKey(key));
    expect(memo.size).toBe(3);
    memo.rememberLive("pk_d", hashApiKey("pk_d"));
    expect(memo.size).toBe(1);
    expect(memo.remembered("pk_d")).toBe(hashApiKey("pk_d"));
    expect(memo.remembered("pk_a")).toBeUndefined();
  });
});
