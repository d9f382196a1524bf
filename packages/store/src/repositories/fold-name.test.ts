/** `foldName`: the names a search compares, case, accents and the punctuation inside names ignored. */
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOLD_NAME_FUNCTION, foldName, foldNameForIndex, registerFoldName } from "./fold-name.js";

describe("foldName", () => {
  it("drops accents, case and the punctuation inside names, and writes Latin letters without a decomposition in A–Z", () => {
    expect(foldName("José Müller")).toBe("jose muller");
    expect(foldName("Łukasz Żółć")).toBe("lukasz zolc");
    expect(foldName("Zoë O'Brien-Smith")).toBe("zoe obriensmith");
    expect(foldName("Société Générale, S.A.")).toBe("societe generale sa");
    expect(foldName("Straße Æbelø Đorđe")).toBe("strasse aebelo dorde");
    expect(foldName("Jose\u0301")).toBe("jose");
    expect(foldName("ΟΔΟΣ Йорк 李小龍")).toBe("οδοσ иорк 李小龍");
    expect(foldName("100% a_b & c@d")).toBe("100% a_b & c@d");
  });

  it("reads compatibility characters as their plain letters (NFKC): full-width and half-width forms, ligatures, circled digits", () => {
    expect(foldName("ＴＡＮＡＫＡ　Ｈａｎａｋｏ")).toBe("tanaka hanako");
    expect(foldName("ﬁona ﬂynn")).toBe("fiona flynn");
    expect(foldName("Room ①")).toBe("room 1");
    expect(foldName("ｶﾞｸ")).toBe(foldName("ガク"));
    expect(foldName("Ｊｏｓé")).toBe("jose");
    // A lone consonant as a keyboard types it (a compatibility jamo) is the first letter of a syllable's.
    expect(foldName("김").startsWith(foldName("ㄱ"))).toBe(true);
  });

  it("drops the accents and vowel points of every script, not the marks that write another syllable", () => {
    expect(foldName("مُحَمَّد")).toBe("محمد");
    expect(foldName("דָּוִד")).toBe("דוד");
    expect(foldName("राम")).not.toBe(foldName("रमा"));
    expect(foldName("राम वर्मा")).toBe("राम वर्मा".normalize("NFD"));
    expect(foldName("สมชาย")).toBe("สมชาย");
    expect(foldName("ガク")).not.toBe(foldName("カク"));
  });

  it("folds a name for the index as for a search, every mark dropped, so what a search finds the index holds", () => {
    expect(foldNameForIndex("राम वर्मा")).toBe("रम वरम");
    expect(foldNameForIndex("ガク José")).toBe("カク jose");
    const marked = fc.string({ unit: fc.constantFrom("र", "ा", "्", "म", "ि", "ガ", "カ", "\u3099", "é", "e", "\u0301", "ש", "ׁ", " ") });
    fc.assert(
      fc.property(marked, marked, marked, (before, word, after) => {
        expect(foldNameForIndex(before + word + after)).toContain(foldNameForIndex(word));
        expect(foldNameForIndex(foldName(word))).toBe(foldNameForIndex(word));
      }),
    );
  });

  const text = fc.string({ unit: fc.constantFrom("a", "Z", "é", "É", "e\u0301", "ł", "Ł", "ß", "ẞ", "ø", "æ", "Σ", "ς", "İ", "й", "'", "-", ".", " ", "%", "李", "Ａ", "ﬁ", "①", "ｶ", "ﾞ", "－") });

  it("folds a part of a text to a part of the text's folding, and changes nothing folded twice", () => {
    fc.assert(
      fc.property(text, text, (left, right) => {
        expect(foldName(left + right)).toBe(foldName(left) + foldName(right));
        expect(foldName(foldName(left))).toBe(foldName(left));
      }),
    );
  });

  it("is registered as a SQLite function of a connection", () => {
    const sqlite = new SqliteDatabase(":memory:");
    try {
      registerFoldName(sqlite);
      expect(sqlite.prepare(`select ${FOLD_NAME_FUNCTION}(?) as folded, ${FOLD_NAME_FUNCTION}(null) as missing`).get("Zoë")).toEqual({ folded: "zoe", missing: null });
    } finally {
      sqlite.close();
    }
  });
});
