/** The control characters one-line and multi-line text may not hold, and how an import takes them out. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import SqliteDatabase from "better-sqlite3";
import { controlCharacterProblem, refusedCharacter, refusedCharacterGlob, takeOutControlCharacters, takeOutReorderingControls } from "./control-character.js";

/** Every code point of C0, DEL and C1. */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, at) => at), ...Array.from({ length: 0x21 }, (_, at) => 0x7f + at)];
const written = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;

describe("refusedCharacter", () => {
  it("refuses every C0, DEL and C1 character and the line and paragraph separators in one-line text, naming it", () => {
    for (const codePoint of [...CONTROLS, 0x2028, 0x2029]) {
      expect(refusedCharacter(`Ada${String.fromCodePoint(codePoint)}Lovelace`, "one line")).toBe(written(codePoint));
    }
    expect(refusedCharacter("Ada\u001b[2J\u0007", "one line")).toBe("U+001B");
  });

  it("keeps the tab, line feed, vertical tab, carriage return and separators in multi-line text, and refuses every other control", () => {
    const layout = [0x09, 0x0a, 0x0b, 0x0d];
    for (const codePoint of CONTROLS) {
      expect(refusedCharacter(`Dear Ada${String.fromCodePoint(codePoint)}thanks`, "multi-line")).toBe(layout.includes(codePoint) ? null : written(codePoint));
    }
    expect(refusedCharacter("Dear Ada,\r\n\tthanks\u2028\u2029", "multi-line")).toBeNull();
  });

  it("takes the characters around the controls: NBSP, the soft hyphen, emoji, right-to-left text", () => {
    expect(refusedCharacter("José\u00a0Ñúñez\u00ad 🚀 שלום", "one line")).toBeNull();
  });

  it("says what is wrong: a control character, or a line separator", () => {
    expect(controlCharacterProblem("U+001B")).toBe("must not contain control characters (U+001B)");
    expect(controlCharacterProblem("U+2028")).toBe("must be one line: no line separator (U+2028)");
  });
});

describe("takeOutControlCharacters", () => {
  it("makes a run of tabs and line breaks in one-line text a space and removes the other controls", () => {
    expect(takeOutControlCharacters("Ada\r\n\tLovelace\u001b[0m\u0007 ", "one line")).toBe("Ada Lovelace[0m");
    expect(takeOutControlCharacters("Makes:\n\tanvils\u001b[0m\f\u000bbolts", "multi-line")).toBe("Makes:\n\tanvils[0m\u000bbolts");
  });
});

describe("refusedCharacterGlob", () => {
  it("matches in SQLite exactly the text refusedCharacter names a character of (with instr for NUL)", () => {
    const database = new SqliteDatabase(":memory:");
    const matches = database.prepare("select ? glob ? or instr(?, char(0)) > 0").pluck();
    for (const layout of ["one line", "multi-line"] as const) {
      for (const codePoint of [...CONTROLS, 0x20, 0x41, 0xa0, 0xe9, 0x2027, 0x2028, 0x2029, 0x202a, 0x1f680]) {
        const text = `Dear Ada${String.fromCodePoint(codePoint)}thanks`;
        expect(matches.get(text, refusedCharacterGlob(layout), text), `${layout} ${written(codePoint)}`).toBe(refusedCharacter(text, layout) === null ? 0 : 1);
      }
    }
    database.close();
  });
});

describe("takeOutReorderingControls", () => {
  it("takes out the embeddings, overrides and isolates, and keeps the marks and every other character", () => {
    expect(takeOutReorderingControls("invoice\u202efdp.exe")).toBe("invoicefdp.exe");
    const reordering = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    for (const codePoint of reordering) expect(takeOutReorderingControls(`Ada${String.fromCodePoint(codePoint)}`), written(codePoint)).toBe("Ada");
    const kept = "\u05d3\u05e0\u05d4\u200f \u0639\u0644\u064a\u061c \u200eAda\u00a0🚀";
    expect(takeOutReorderingControls(kept)).toBe(kept);
  });
});
