import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyNameKey } from "./company-name-key.js";

describe("companyNameKey", () => {
  it("is one key for the spellings of one firm's name: case, punctuation, spaces and trade marks", () => {
    const spellings = ["Acme, Inc.", "ACME INC", "Acme Inc.", " acme  inc ", "Acme\u00a0Inc", "ＡＣＭＥ，ＩＮＣ．", "Acme® Inc™"];
    expect(new Set(spellings.map(companyNameKey))).toEqual(new Set(["acmeinc"]));
    expect(companyNameKey("Coca-Cola")).toBe(companyNameKey("Coca Cola"));
    expect(companyNameKey("Macy’s")).toBe(companyNameKey("Macys"));
    expect(companyNameKey("Procter & Gamble")).toBe(companyNameKey("Procter&Gamble"));
  });

  it("keeps what tells firms apart: other accents, symbols, digits and scripts' letters", () => {
    expect(companyNameKey("Müller AG")).not.toBe(companyNameKey("Muller AG"));
    expect(companyNameKey("C++ Labs")).not.toBe(companyNameKey("C Labs"));
    expect(companyNameKey("3M")).not.toBe(companyNameKey("M"));
    expect(companyNameKey("株式会社 トヨタ")).toBe("株式会社トヨタ");
  });

  it("gives a name of nothing but punctuation its own key, not the empty one every such name would share", () => {
    expect(companyNameKey(" !!! ")).toBe("!!!");
    expect(companyNameKey("…")).not.toBe(companyNameKey("!!!"));
    expect(companyNameKey("™")).not.toBe("");
  });

  it("is unchanged by punctuation and spaces put between a name's characters", () => {
    const letters = fc.array(fc.constantFrom(..."abcxyzÉéßΣσ0123ÖöтТ"), { minLength: 1, maxLength: 12 });
    const between = fc.array(fc.constantFrom(" ", ",", ".", "-", "'", "’", "&", "\u00a0", "(", ")", "/", "、"), { maxLength: 12 });
    fc.assert(
      fc.property(letters, between, (chars, marks) => {
        const decorated = chars.map((char, index) => char + (marks[index] ?? "")).join("");
        expect(companyNameKey(decorated)).toBe(companyNameKey(chars.join("")));
      }),
    );
  });
});
