import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isParticipantAddress, isPlausibleEmail, normalizeDomain, normalizeEmail } from "./normalize.js";

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

describe("normalizeEmail and normalizeDomain", () => {
  it("give an internationalized domain one form, its Unicode labels, whether typed, punycoded, capitalized, full-width or with its root dot", () => {
    for (const address of ["anna@müller.de", "anna@xn--mller-kva.de", "ANNA@MÜLLER.DE", "Anna@XN--MLLER-KVA.DE.", "anna@ｍüller．de", "mailto:anna@mu\u0308ller.de"]) {
      expect(normalizeEmail(address), address).toBe("anna@müller.de");
    }
    expect(normalizeEmail("Anna@Example.COM.")).toBe("anna@example.com");
    // A local part typed composed or decomposed (macOS) is one, full-width (a Japanese input method) plain; ß is a
    // letter of its own (IDNA 2008), not "ss".
    expect(normalizeEmail("jose\u0301@example.com")).toBe("josé@example.com");
    expect(normalizeEmail("ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ")).toBe("taro@example.jp");
    expect(normalizeEmail("info@straße.de")).toBe("info@straße.de");
    for (const domain of ["www.müller.de", "https://WWW.XN--MLLER-KVA.de./kontakt", "müller.de", "anna@müller.de"]) expect(normalizeDomain(domain), domain).toBe("müller.de");
    expect(normalizeDomain("ＡＣＭＥ.com")).toBe("acme.com");
    expect(normalizeDomain("東京銀行.jp")).toBe("東京銀行.jp");
    for (const text of ["mü ller.de", "müller", "a..b"]) expect(normalizeDomain(text), text).toBeNull();
    // The domain of an address is the domain of the same text given as a domain: the lookup by domain finds its persons.
    expect(normalizeDomain("anna@XN--MLLER-KVA.de")).toBe(normalizeEmail("anna@XN--MLLER-KVA.de").split("@")[1]);
  });
});
