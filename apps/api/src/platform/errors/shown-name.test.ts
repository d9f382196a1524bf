/** Names repeated in error messages: cut when long, a few listed and the rest counted. */
import { describe, expect, it } from "vitest";
import { cutName, MAX_SHOWN_NAME_LENGTH, shownName, shownNames } from "./shown-name.js";

describe("shownName", () => {
  it("keeps a name up to the limit and cuts a longer one with an ellipsis, never inside a surrogate pair", () => {
    const atLimit = "n".repeat(MAX_SHOWN_NAME_LENGTH);
    expect(shownName(atLimit)).toBe(`'${atLimit}'`);
    expect(shownName(`${atLimit}x`)).toBe(`'${atLimit}…'`);
    expect(shownName("x".repeat(1_000_000))).toBe(`'${"x".repeat(MAX_SHOWN_NAME_LENGTH)}…'`);
    expect(cutName(`${"n".repeat(MAX_SHOWN_NAME_LENGTH - 1)}😀tail`)).toBe(`${"n".repeat(MAX_SHOWN_NAME_LENGTH - 1)}…`);
  });
});

describe("shownNames", () => {
  it("lists five names and counts the others", () => {
    expect(shownNames(["a"])).toBe("'a'");
    expect(shownNames(["a", "b", "c", "d", "e"])).toBe("'a', 'b', 'c', 'd', 'e'");
    expect(shownNames(["a", "b", "c", "d", "e", "f", "g"])).toBe("'a', 'b', 'c', 'd', 'e' and 2 more");
    const many = Array.from({ length: 60_000 }, (_, index) => `k${index}`);
    expect(shownNames(many)).toBe("'k0', 'k1', 'k2', 'k3', 'k4' and 59,995 more");
  });
});
