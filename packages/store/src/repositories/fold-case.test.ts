/** `foldCase`: Unicode caseless matching for the specification's case-insensitive filters. */
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { foldCase } from "./fold-case.js";
import { CASE_FOLD_FUNCTION, registerFoldName } from "./fold-name.js";

describe("foldCase", () => {
  it("folds every letter's case as Unicode's full case folding does", () => {
    expect(foldCase("ГАЗПРОМ Ёлка")).toBe("газпром ёлка");
    expect(foldCase("ΟΔΥΣΣΕΑΣ")).toBe(foldCase("οδυσσεασ"));
    expect(foldCase("ΟΔΥΣ")).toBe("οδυσ");
    expect(foldCase("Straße STRAẞE")).toBe("strasse strasse");
    expect(foldCase("Oﬃce ﬁnance")).toBe("office finance");
    expect(foldCase("İstanbul ISPARTA ısparta")).toBe("istanbul isparta isparta");
  });

  it("takes composed and decomposed letters as one, and keeps accents and punctuation", () => {
    expect(foldCase("Socie\u0301te\u0301")).toBe("société");
    expect(foldCase("SOCIÉTÉ")).toBe("société");
    expect(foldCase("Société")).not.toBe(foldCase("Societe"));
    expect(foldCase("O'Reilly, Inc.")).toBe("o'reilly, inc.");
  });

  it("drops a Greek letter's accents, as Greek capitals are written without them, and keeps its dialytika", () => {
    expect(foldCase("ΑΘΗΝΑ")).toBe(foldCase("Αθήνα"));
    expect(foldCase("ΟΔΥΣΣΕΑΣ")).toBe(foldCase("Οδυσσέας"));
    expect(foldCase("ἈΘῆναι")).toBe("αθηναι");
    expect(foldCase("Αθήνα Café")).toBe("αθηνα café");
    expect(foldCase("Ευρωπαϊκή")).toBe("ευρωπαϊκη");
    expect(foldCase("ευρωπαικη")).not.toBe(foldCase("Ευρωπαϊκή"));
  });

  it("is registered as a SQLite function of a connection", () => {
    const sqlite = new SqliteDatabase(":memory:");
    try {
      registerFoldName(sqlite);
      expect(sqlite.prepare(`select ${CASE_FOLD_FUNCTION}(?) as folded, ${CASE_FOLD_FUNCTION}(null) as missing`).get("İŞ")).toEqual({ folded: "iş", missing: null });
    } finally {
      sqlite.close();
    }
  });
});
