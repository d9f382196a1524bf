import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteRing } from "./byte-ring.js";

const bytes = (text: string) => Buffer.from(text);
const text = (found: { bytes: Buffer } | undefined) => found?.bytes.toString();

describe("ByteRing", () => {
  it("returns a copy of the bytes kept under a key, with their meta", () => {
    const ring = new ByteRing<number>(16);
    const kept = bytes("abcd");
    ring.set("a", kept, 7);
    kept.write("zzzz");
    const found = ring.get("a")!;
    expect(found).toEqual({ bytes: bytes("abcd"), meta: 7 });
    // Writing over the ring's bytes does not reach a copy already handed out.
    ring.set("b", bytes("x".repeat(16)), 8);
    expect(found.bytes.toString()).toBe("abcd");
    expect(ring.get("a")).toBeUndefined();
    expect(ring.get("missing")).toBeUndefined();
  });

  it("forgets the oldest bytes as later writes reach them, never splitting bytes across the end", () => {
    const ring = new ByteRing<null>(10);
    ring.set("a", bytes("aaaa"), null);
    ring.set("b", bytes("bbbb"), null);
    expect([text(ring.get("a")), text(ring.get("b"))]).toEqual(["aaaa", "bbbb"]);
    // Six bytes do not fit in the two left at the end: written at the start, over "a" and "b"'s first bytes.
    ring.set("c", bytes("cccccc"), null);
    expect([ring.get("a"), ring.get("b"), text(ring.get("c"))]).toEqual([undefined, undefined, "cccccc"]);
    ring.set("d", bytes("dddd"), null);
    expect([text(ring.get("c")), text(ring.get("d"))]).toEqual(["cccccc", "dddd"]);
    expect(ring.size).toBe(2);
  });

  it("keeps a string as its UTF-8 bytes, placed and measured by their length, not the string's", () => {
    const ring = new ByteRing<number>(12);
    ring.set("a", "abc", 1);
    // Seven characters, ten bytes: they do not fit in the nine left after "abc", so they go to the start.
    ring.set("b", "Ørsted€", 2);
    expect(ring.get("b")).toEqual({ bytes: Buffer.from("Ørsted€", "utf8"), meta: 2 });
    expect(ring.get("a")).toBeUndefined();
    // Twelve characters fit the ring's twelve bytes; their fourteen bytes do not, and are not kept.
    ring.set("c", "ééabcdefghij", 3);
    expect(ring.get("c")).toBeUndefined();
    expect(ring.get("b")).toEqual({ bytes: Buffer.from("Ørsted€", "utf8"), meta: 2 });
    ring.set("d", "", 4);
    expect(ring.get("d")).toBeUndefined();
  });

  it("maps its buffer's pages on reserve, a slice per call, keeping what it holds", () => {
    const ring = new ByteRing<number>(3 * 4096 + 10);
    ring.set("a", bytes("kept"), 1);
    expect(ring.reserve(1)).toBe(false);
    expect(ring.reserve(4096)).toBe(false);
    expect(ring.reserve(0)).toBe(false);
    expect(ring.get("a")).toEqual({ bytes: bytes("kept"), meta: 1 });
    expect(ring.reserve()).toBe(true);
    expect(ring.reserve(0)).toBe(true);
    expect(ring.get("a")).toEqual({ bytes: bytes("kept"), meta: 1 });
    ring.set("b", bytes("next"), 2);
    expect(text(ring.get("b"))).toBe("next");
    expect(new ByteRing(0).reserve()).toBe(true);
  });

  it("is written without the system mapping pages once reserved", () => {
    // Above the largest allocation glibc's malloc serves from memory it already holds (32 MiB): a fresh mapping.
    const answer = "x".repeat(2 ** 20);
    const unreserved = new ByteRing<null>(48 * 2 ** 20);
    const reserved = new ByteRing<null>(48 * 2 ** 20);
    expect(reserved.reserve()).toBe(true);
    const pagesMappedWriting = (ring: ByteRing<null>) => {
      const before = process.resourceUsage().minorPageFault;
      for (let part = 0; part < 45; part += 1) ring.set(`part ${part}`, answer, null);
      return process.resourceUsage().minorPageFault - before;
    };
    // Compared with the same writes into a ring not reserved (about 11,500 pages of 4 KiB mapped), in this process
    // at this moment: what else the process maps meanwhile (a collection on a loaded machine) counts on both sides.
    const unreservedFaults = pagesMappedWriting(unreserved);
    const reservedFaults = pagesMappedWriting(reserved);
    expect(unreservedFaults).toBeGreaterThan(8_000);
    expect(reservedFaults).toBeLessThan(unreservedFaults / 4);
    expect(reserved.size).toBe(45);
  });

  it("keeps a key's latest bytes only, and nothing larger than itself or empty", () => {
    const ring = new ByteRing<number>(8);
    ring.set("a", bytes("one"), 1);
    ring.set("a", bytes("two"), 2);
    expect(ring.get("a")).toEqual({ bytes: bytes("two"), meta: 2 });
    ring.set("a", bytes("x".repeat(9)), 3);
    expect(ring.get("a")).toBeUndefined();
    ring.set("e", new Uint8Array(0), 4);
    expect(ring.get("e")).toBeUndefined();
    expect(() => new ByteRing(-1)).toThrow("capacity must be a whole number of bytes");
  });

  it("answers a key with exactly its latest bytes or nothing, and always the bytes just written", () => {
    const write = fc.record({ key: fc.constantFrom("a", "b", "c", "d", "e"), length: fc.integer({ min: 1, max: 40 }), fill: fc.integer({ min: 0, max: 255 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.array(write, { maxLength: 60 }), (capacity, writes) => {
        const ring = new ByteRing<number>(capacity);
        const latest = new Map<string, Buffer>();
        writes.forEach(({ key, length, fill }, index) => {
          const written = Buffer.alloc(length, fill);
          ring.set(key, written, index);
          latest.set(key, written);
          if (length <= capacity) expect(ring.get(key)).toEqual({ bytes: written, meta: index });
          for (const [other, expected] of latest) {
            const found = ring.get(other);
            if (found !== undefined) expect(found.bytes.equals(expected)).toBe(true);
          }
        });
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });
});
