import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX, generateApiKey, hashApiKey } from "./api-key-secret.js";

describe("API key material", () => {
  it("hashes a key to its SHA-256 digest in hex", () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("makes a prefixed key of 32 random bytes, stores only its hash, and shows a short prefix", () => {
    const key = generateApiKey((size) => Buffer.alloc(size, 7));
    expect(key.plaintext).toBe(API_KEY_PREFIX + Buffer.alloc(32, 7).toString("base64url"));
    expect(key.hash).toBe(hashApiKey(key.plaintext));
    expect(key.prefix).toBe(key.plaintext.slice(0, 10));
  });
});
