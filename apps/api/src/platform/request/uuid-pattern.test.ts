import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isUuid, UUID_PATTERN } from "./uuid-pattern.js";

/** The pattern as first written, each group spelled out: the shorter source must take exactly the same texts. */
const SPELLED_OUT = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

describe("UUID_PATTERN", () => {
  it("takes UUIDs of any version in either case, nothing else", () => {
    expect(isUuid("00000000-0000-4000-8000-000000000000")).toBe(true);
    expect(isUuid("0F5D3A1B-9C2E-7A4B-8D6E-1F2A3B4C5D6E")).toBe(true);
    for (const bad of ["", "0000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-0000000000000", "00000000-0000-4000-8000_000000000000", "0000000g-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000000\n"]) {
      expect(isUuid(bad), bad).toBe(false);
    }
  });

  it("accepts exactly what the spelled-out pattern accepts", () => {
    // Near-UUIDs: four to six groups of 3-13 characters, mostly hex, joined by a hyphen or another separator.
    const character = fc.constantFrom(..."0123456789abcdefABCDEFgz");
    const nearUuid = fc
      .tuple(fc.array(fc.string({ unit: character, minLength: 3, maxLength: 13 }), { minLength: 4, maxLength: 6 }), fc.constantFrom("-", "-", "-", "_", ""))
      .map(([groups, separator]) => groups.join(separator));
    // A UUID with one character replaced, dropped or doubled.
    const alteredUuid = fc
      .tuple(fc.uuid(), fc.nat(35), fc.constantFrom(..."0aFg-_"), fc.constantFrom("replace", "drop", "double"))
      .map(([uuid, at, character, edit]) => uuid.slice(0, at) + (edit === "replace" ? character : edit === "double" ? uuid[at]!.repeat(2) : "") + uuid.slice(at + 1));
    for (const texts of [nearUuid, alteredUuid]) {
      fc.assert(fc.property(texts, (text) => UUID_PATTERN.test(text) === SPELLED_OUT.test(text)), { numRuns: 5000 });
    }
    fc.assert(fc.property(fc.uuid(), (uuid) => UUID_PATTERN.test(uuid) && UUID_PATTERN.test(uuid.toUpperCase())));
  });
});
