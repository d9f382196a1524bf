/** The rule for text the command line stores: trimmed, not blank, within its limit, one line, no control character. */
import { describe, expect, it } from "vitest";
import { CliError } from "./cli-output.js";
import { optionName, optionText } from "./option-text.js";

const refusal = (value: string, max = 300) => {
  try {
    optionText(value, "--name", max);
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  }
  return null;
};

describe("optionText", () => {
  it("keeps ordinary text, trimmed, accents and emoji included", () => {
    expect(optionText("  José Ñúñez 🙂 ", "--name", 300)).toBe("José Ñúñez 🙂");
  });

  it("refuses blank, too long and multi-line text", () => {
    expect(refusal("   ")).toBe("--name must not be empty");
    expect(refusal("abcd", 3)).toBe("--name is 4 characters long; at most 3");
    expect(refusal("Ada\nLovelace")).toBe("--name must be one line");
  });

  it("refuses every control character, C0, DEL and C1, naming it", () => {
    expect(refusal("Ada\u001b]0;pwned\u0007")).toBe("--name must not contain control characters (U+001B)");
    expect(refusal("Ada\tLovelace")).toBe("--name must not contain control characters (U+0009)");
    expect(refusal("Ada\u007f")).toBe("--name must not contain control characters (U+007F)");
    expect(refusal("Ada\u009b2J")).toBe("--name must not contain control characters (U+009B)");
    expect(refusal("Ada\u0085Lovelace")).toBe("--name must not contain control characters (U+0085)");
    // The next character after C1 is text.
    expect(refusal("Ada\u00a0Lovelace")).toBeNull();
  });

  it("refuses the line and paragraph separators as the REST API does: a name is one line", () => {
    expect(refusal("Ada\u2028Lovelace")).toBe("--name must be one line: no line separator (U+2028)");
    expect(refusal("Ada\u2029Lovelace")).toBe("--name must be one line: no line separator (U+2029)");
  });
});

describe("optionName", () => {
  it("takes the controls that reorder text out of a name, keeps the marks, and finds one left blank by them blank", () => {
    expect(optionName(" \u202eAda\u2069 \u05d3\u05e0\u05d4\u200f", "--name", 300)).toBe("Ada \u05d3\u05e0\u05d4\u200f");
    expect(() => optionName("\u2067\u2069", "--name", 300)).toThrow("--name must not be empty");
  });
});
