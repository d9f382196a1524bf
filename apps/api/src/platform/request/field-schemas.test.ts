import { refusedCharacter, takeOutControlCharacters } from "@rapport/store/vocabulary";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWebAddress, labelList, lookupText, nullableText, nullableTextAsWritten, nullableWebAddress } from "./field-schemas.js";
import { MAX_LABEL_LENGTH } from "./field-limits.js";

describe("isWebAddress", () => {
  it("accepts http(s) URLs and addresses written without a scheme", () => {
    for (const text of ["https://acme.com", "http://www.acme.com/about?x=1#top", "acme.com", "www.linkedin.com/company/acme", "acme.co.uk:8080/path", "HTTPS://ACME.COM"]) {
      expect(isWebAddress(text), text).toBe(true);
    }
  });

  it("refuses other schemes, bare words and text with spaces", () => {
    for (const text of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "ftp://acme.com", "mailto:a@acme.com", "acme", "https://", "acme .com", "java.script:alert(1)", "//acme.com"]) {
      expect(isWebAddress(text), text).toBe(false);
    }
  });
});

describe("nullableWebAddress", () => {
  const field = nullableWebAddress("Website.");
  it("trims, maps blank to null, and reports a bad address", () => {
    expect(field.parse("  https://acme.com/ ")).toBe("https://acme.com/");
    expect(field.parse("   ")).toBeNull();
    expect(field.parse(null)).toBeNull();
    const refused = field.safeParse("javascript:alert(1)");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/not a web address/);
  });
});

describe("nullableText", () => {
  const field = nullableText("Title.", 5);
  it("counts the trimmed text, which is what is stored, against its limit", () => {
    expect(field.parse("  Intro \n")).toBe("Intro");
    const refused = field.safeParse(" Intros ");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("at most 5 characters");
  });
});

describe("trimmed fields held to their limit after trimming", () => {
  it("a web address", () => {
    const field = nullableWebAddress("Website.", "https://acme.com/x".length);
    expect(field.parse("   https://acme.com/x   ")).toBe("https://acme.com/x");
    expect(field.safeParse("https://acme.com/xy").error?.issues[0]?.message).toBe("at most 18 characters");
  });

  it("each label of a label list", () => {
    const field = labelList("Tags.");
    const longest = "a".repeat(MAX_LABEL_LENGTH);
    expect(field.parse([` ${longest} `, "  b"])).toEqual([longest, "b"]);
    // Duplicates by every letter's case as Unicode folds it, the first spelling kept.
    expect(field.parse(["İstanbul", "istanbul", "Straße", "STRASSE", "ＡＩ", "ai"])).toEqual(["İstanbul", "Straße", "ＡＩ"]);
    const refused = field.safeParse([`${longest}b`]);
    expect(refused.error?.issues[0]?.message).toBe(`each at most ${MAX_LABEL_LENGTH} characters`);
  });
});

describe("lookupText", () => {
  const field = lookupText(5);
  it("holds the trimmed value, which is what a lookup compares, to its limit and keeps the value as sent", () => {
    expect(field.parse("  Intro \n")).toBe("  Intro \n");
    const refused = field.safeParse(" Intros ");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("at most 5 characters");
  });
});

describe("nullableTextAsWritten", () => {
  const field = nullableTextAsWritten("Details.", 20);
  it("maps blank text to null and keeps other text untrimmed", () => {
    for (const blank of ["", " ", "\n\t \r\n", null]) expect(field.parse(blank), JSON.stringify(blank)).toBeNull();
    expect(field.parse("  - first\n")).toBe("  - first\n");
  });

  it("counts the text as sent against its limit", () => {
    const refused = field.safeParse(" ".repeat(21));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("at most 20 characters");
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
