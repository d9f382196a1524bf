/** A name filter's words: split at white space and at the punctuation between the parts of a name. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldName } from "./fold-name.js";
import { nameWords } from "./name-words.js";

describe("nameWords", () => {
  it("splits at white space, hyphens, apostrophes, full stops, commas, quotes and brackets", () => {
    expect(nameWords("  Jordan   Blake ")).toEqual(["Jordan", "Blake"]);
    expect(nameWords("Smith-Jones, J.")).toEqual(["Smith", "Jones", "J"]);
    expect(nameWords("O'Brien O’Neill")).toEqual(["O", "Brien", "O", "Neill"]);
    expect(nameWords('"Acme, Inc." (US)')).toEqual(["Acme", "Inc", "US"]);
    expect(nameWords("Jean–Luc/Picard")).toEqual(["Jean", "Luc", "Picard"]);
  });

  it("splits at the full-width forms of that punctuation too, the words in their plain forms (NFKC)", () => {
    expect(nameWords("ＴＡＮＡＫＡ，Ｈａｎａｋｏ")).toEqual(["TANAKA", "Hanako"]);
    expect(nameWords("ｽﾐｽ－ｼﾞｮｰﾝｽﾞ（ＵＳ）")).toEqual(["スミス", "ジョーンズ", "US"]);
  });

  it("splits and folds at other scripts' commas, semicolons, full stops and the katakana middle dot as at a hyphen", () => {
    expect(nameWords("ジョン・スミス")).toEqual(["ジョン", "スミス"]);
    expect(foldName("ジョン・スミス")).toBe(foldName("ジョンスミス"));
    const word = fc.string({ unit: fc.constantFrom("a", "Z", "ジ", "ョ", "ン", "ｽ", "ﾐ", "ع", "ل", "ي", "田", "中"), minLength: 1 });
    const separator = fc.constantFrom("،", "؛", "、", "。", "・", "･", "､", "｡", "﹑", "︑", "︒");
    fc.assert(
      fc.property(word, separator, word, (given, between, family) => {
        expect(nameWords(given + between + family)).toEqual(nameWords(`${given}-${family}`));
        expect(foldName(given + between + family)).toBe(foldName(`${given}-${family}`));
      }),
    );
  });

  it("keeps LIKE's wildcards, ampersands and at signs in their words", () => {
    expect(nameWords("AT&T 100% Ann_Lee ann@acme")).toEqual(["AT&T", "100%", "Ann_Lee", "ann@acme"]);
  });

  it("splits punctuation-only text at white space, and finds no word in blank text", () => {
    expect(nameWords("... -")).toEqual(["...", "-"]);
    expect(nameWords(" \t ")).toEqual([]);
  });
});
