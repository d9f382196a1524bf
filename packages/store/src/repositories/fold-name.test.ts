/** `foldName`: the names a search compares, case, accents and the punctuation inside names ignored. */
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FOLD_NAME_FUNCTION, foldName, registerFoldName } from "./fold-name.js";

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

  const text = fc.string({ unit: fc.constantFrom("a", "Z", "é", "É", "e\u0301", "ł", "Ł", "ß", "ẞ", "ø", "æ", "Σ", "ς", "İ", "й", "'", "-", ".", " ", "%", "李") });

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
