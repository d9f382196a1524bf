import { describe, expect, it } from "vitest";
import { cutText } from "./cut-text.js";

describe("cutText", () => {
  it("keeps text within the limit and cuts longer text at the limit", () => {
    expect(cutText("abc", 3)).toBe("abc");
    expect(cutText("abcd", 3)).toBe("abc");
  });

  it("never keeps half of a surrogate pair", () => {
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("a😀b", 3)).toBe("a😀");
    expect(cutText("😀😀", 3)).toBe("😀");
  });
});
