/** The opportunity text sorts' key: the name order's key, cut at a code point. */
import { describe, expect, it } from "vitest";
import { nullableTextSortKey, TEXT_SORT_KEY_LENGTH, textSortKey } from "./text-sort-key.js";

describe("textSortKey", () => {
  it("folds as the name order does and keeps the first 256 code points, never half of one", () => {
    expect(textSortKey("Émile & Co.")).toBe("emile & co");
    expect(nullableTextSortKey(null)).toBeNull();
    const cut = textSortKey(`Ö${"😀".repeat(300)}`);
    expect([...cut]).toHaveLength(TEXT_SORT_KEY_LENGTH);
    expect(cut).toBe(`o${"😀".repeat(TEXT_SORT_KEY_LENGTH - 1)}`);
  });
});
