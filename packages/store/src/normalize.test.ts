import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isParticipantAddress, isPlausibleEmail } from "./normalize.js";

/** The pattern isPlausibleEmail replaced (with its one-`@` check), quadratic on a long domain. */
const formerShape = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.indexOf("@") === text.lastIndexOf("@");

describe("isPlausibleEmail", () => {
  it("accepts what the former pattern accepted, and nothing else", () => {
    const character = fc.constantFrom("a", "b", ".", "@", " ", "\t", "\u00a0", "é", "-", "+");
    fc.assert(fc.property(fc.array(character, { maxLength: 14 }).map((characters) => characters.join("")), (text) => {
      expect(isPlausibleEmail(text)).toBe(formerShape(text));
    }), { numRuns: 3_000 });
    for (const text of ["ada@example.com", "a@b.c", "a.b@c.d.e"]) expect(isPlausibleEmail(text)).toBe(true);
    for (const text of ["", "@example.com", "ada@", "ada@example", "ada@.com", "ada@example.", "a@b@c.d", "a da@example.com"]) {
      expect(isPlausibleEmail(text)).toBe(false);
    }
  });

  it("reads a long address in one pass", () => {
    // 100,000 dots and no ending: the former pattern's backtracking took minutes here.
    expect(isPlausibleEmail(`a@${".".repeat(100_000)} `)).toBe(false);
    expect(isPlausibleEmail(`a@b${".b".repeat(100_000)}`)).toBe(true);
  });
});

describe("isParticipantAddress", () => {
  it("takes any word@word, a host without a dot too, and no white space, angle bracket or second @", () => {
    for (const address of ["ada@example.com", "root@localhost", "a.b+c@x"]) expect(isParticipantAddress(address), address).toBe(true);
    for (const address of ["", "ada", "@example.com", "ada@", "ada lovelace@example.com", "<ada@example.com>", "a@b@c"]) expect(isParticipantAddress(address), address).toBe(false);
  });
});
