/** The control characters one-line and multi-line text may not hold, and the zod checks built on them. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { controlCharacterProblem, refusedCharacter, takeOutControlCharacters } from "./control-character.js";
import { nullableText, nullableTextAsWritten } from "./field-schemas.js";

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

  it("keeps the tab, line feed, carriage return and separators in multi-line text, and refuses every other control", () => {
    const layout = [0x09, 0x0a, 0x0d];
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
    expect(takeOutControlCharacters("Makes:\n\tanvils\u001b[0m\f", "multi-line")).toBe("Makes:\n\tanvils[0m");
  });
});

describe("text the field schemas accept", () => {
  /** Any code point but a surrogate (refused before any schema reads the body), controls among them often. */
  const character = fc.oneof(
    fc.constantFrom(..."\t\n\r\u001b\u0007\u0085\u2028 a"),
    fc.integer({ min: 1, max: 0x10ffff }).filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff).map((codePoint) => String.fromCodePoint(codePoint)),
  );
  const text = fc.string({ unit: character, maxLength: 40 });

  it("is stored unchanged but for trimming (one line) or exactly as written (multi-line), and holds no refused character", () => {
    const oneLine = nullableText("A name.", 300);
    const multiLine = nullableTextAsWritten("Details.", 10_000);
    fc.assert(
      fc.property(text, (value) => {
        const single = oneLine.safeParse(value);
        if (single.success && single.data !== null) {
          expect(single.data).toBe(value.trim());
          expect(refusedCharacter(single.data, "one line")).toBeNull();
        }
        expect(single.success).toBe(refusedCharacter(value.trim(), "one line") === null);
        const multiple = multiLine.safeParse(value);
        if (multiple.success && multiple.data !== null) expect(multiple.data).toBe(value);
        expect(multiple.success).toBe(refusedCharacter(value, "multi-line") === null);
        // What an import keeps: text the schema takes as it is, other text without what it refused.
        for (const layout of ["one line", "multi-line"] as const) {
          const taken = takeOutControlCharacters(value, layout);
          expect(refusedCharacter(taken, layout)).toBeNull();
          if (refusedCharacter(value, layout) === null) expect(taken).toBe(value);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
