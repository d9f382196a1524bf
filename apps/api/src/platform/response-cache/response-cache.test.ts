import { describe, expect, it } from "vitest";
import { ENTRY_BYTES, ResponseCache, responseCacheKey } from "./response-cache.js";
import { responseCacheFromEnvironment } from "./response-cache-from-environment.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (found: { body: Uint8Array } | undefined) => (found === undefined ? undefined : new TextDecoder().decode(found.body));

describe("ResponseCache", () => {
  it("serves a kept body while the revision holds and it is younger than the maximum age", () => {
    const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes: 1024 });
    cache.keep("a", 7, 1_000, bytes("first"));
    expect(text(cache.find("a", 7, 1_000))).toBe("first");
    expect(cache.find("a", 7, 10_999)).toEqual({ body: bytes("first"), age: 9_999 });
    expect(cache.find("a", 7, 11_000)).toBeUndefined();
    expect(cache.find("a", 8, 1_500)).toBeUndefined();
    expect(cache.find("b", 7, 1_500)).toBeUndefined();
    // A clock set back never serves an answer computed in its future.
    expect(cache.find("a", 7, 999)).toBeUndefined();
  });

  it("keeps nothing from inside a transaction (NaN revision) or when turned off", () => {
    const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes: 1024 });
    cache.keep("a", Number.NaN, 1_000, bytes("in a transaction"));
    expect(cache.find("a", Number.NaN, 1_000)).toBeUndefined();
    const off = new ResponseCache({ maxAgeMilliseconds: 0, maxBytes: 1024 });
    off.keep("a", 1, 1_000, bytes("kept?"));
    expect(off.find("a", 1, 1_000)).toBeUndefined();
  });

  it("drops the least recently used bodies beyond its size, and never keeps one larger than all of it", () => {
    // Each entry counts its body (4 bytes), its key (1) and what the cache holds of it: two fit, not three.
    const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes: 2 * (5 + ENTRY_BYTES) + 4 });
    cache.keep("a", 1, 0, bytes("aaaa"));
    cache.keep("b", 1, 0, bytes("bbbb"));
    expect(text(cache.find("a", 1, 0))).toBe("aaaa");
    cache.keep("c", 1, 0, bytes("cccc"));
    expect(text(cache.find("a", 1, 0))).toBe("aaaa");
    expect(cache.find("b", 1, 0)).toBeUndefined();
    cache.keep("huge", 1, 0, bytes("x".repeat(2 * (5 + ENTRY_BYTES))));
    expect(cache.find("huge", 1, 0)).toBeUndefined();
    expect(text(cache.find("c", 1, 0))).toBe("cccc");
  });

  it("counts each entry's key and records in its size: small answers under many targets stay within it", () => {
    const maxBytes = 64 * 1024;
    const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes });
    const key = (index: number) => responseCacheKey("00000000-0000-4000-8000-000000000001", null, "listPersons", `/v1/persons?per_page=1&page=${index}`);
    for (let index = 0; index < 5_000; index += 1) cache.keep(key(index), 1, 0, Buffer.from("[]"));
    expect(cache.entryCount).toBeLessThanOrEqual(Math.floor(maxBytes / (ENTRY_BYTES + key(0).length)));
    // Kept in a buffer of its own: not the pool slab of 8 KiB a short Buffer.from is a slice of.
    expect(cache.find(key(4_999), 1, 0)!.body.buffer.byteLength).toBe(2);
  });
});

describe("ResponseCache parts", () => {
  it("serves a kept part under the rule of whole answers, apart from them, as a copy", () => {
    const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes: 1024 });
    const body = bytes("part");
    cache.keepPart("a", 7, 1_000, body);
    body.fill(0);
    expect(cache.findPart("a", 7, 10_999)).toEqual({ body: Buffer.from("part"), age: 9_999 });
    expect(cache.findPart("a", 7, 11_000)).toBeUndefined();
    expect(cache.findPart("a", 8, 1_000)).toBeUndefined();
    expect(cache.findPart("a", 7, 999)).toBeUndefined();
    // Parts and whole answers never answer for each other.
    expect(cache.find("a", 7, 1_000)).toBeUndefined();
    cache.keep("b", 7, 1_000, bytes("whole"));
    expect(cache.findPart("b", 7, 1_000)).toBeUndefined();
  });

  it("keeps no part from inside a transaction or when turned off, and forgets the oldest beyond its size", () => {
    const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes: 10 });
    cache.keepPart("a", Number.NaN, 0, bytes("aaaa"));
    expect(cache.findPart("a", Number.NaN, 0)).toBeUndefined();
    cache.keepPart("a", 1, 0, bytes("aaaa"));
    cache.keepPart("b", 1, 0, bytes("bbbb"));
    cache.keepPart("c", 1, 0, bytes("cccc"));
    expect([cache.findPart("a", 1, 0), text(cache.findPart("b", 1, 0)), text(cache.findPart("c", 1, 0))]).toEqual([undefined, "bbbb", "cccc"]);
    const off = new ResponseCache({ maxAgeMilliseconds: 0, maxBytes: 1024 });
    off.keepPart("a", 1, 0, bytes("kept?"));
    expect(off.findPart("a", 1, 0)).toBeUndefined();
  });
});

describe("responseCacheFromEnvironment", () => {
  it("defaults to 10 seconds and 64 MiB, reads both variables, and refuses anything but a whole number in range", () => {
    expect(responseCacheFromEnvironment({}).options).toEqual({ maxAgeMilliseconds: 10_000, maxBytes: 64 * 2 ** 20 });
    expect(responseCacheFromEnvironment({ RAPPORT_RESPONSE_CACHE_SECONDS: " 0 ", RAPPORT_RESPONSE_CACHE_MIB: "8" }).options).toEqual({ maxAgeMilliseconds: 0, maxBytes: 8 * 2 ** 20 });
    expect(() => responseCacheFromEnvironment({ RAPPORT_RESPONSE_CACHE_SECONDS: "1.5" })).toThrow('RAPPORT_RESPONSE_CACHE_SECONDS: expecting a whole number from 0 to 3600 but got "1.5"');
    expect(() => responseCacheFromEnvironment({ RAPPORT_RESPONSE_CACHE_SECONDS: "-1" })).toThrow(/RAPPORT_RESPONSE_CACHE_SECONDS/);
    expect(() => responseCacheFromEnvironment({ RAPPORT_RESPONSE_CACHE_MIB: "65537" })).toThrow('RAPPORT_RESPONSE_CACHE_MIB: expecting a whole number from 0 to 65536 but got "65537"');
  });
});
