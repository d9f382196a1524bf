/** `nameSortKey`: names ordered as a reader looks them up, whatever their case and accents, scripts in Unicode's order. */
import { describe, expect, it } from "vitest";
import { nameSortKey } from "./name-sort-key.js";

/** Names in their keys' order (code point, as SQLite compares text), then their own as a tiebreak. */
const sorted = (names: readonly string[]) =>
  [...names].sort((left, right) => {
    const [leftKey, rightKey] = [nameSortKey(left), nameSortKey(right)];
    if (leftKey !== rightKey) return leftKey < rightKey ? -1 : 1;
    return left < right ? -1 : left > right ? 1 : 0;
  });

describe("nameSortKey", () => {
  it("folds case, accents and the punctuation inside names away", () => {
    expect(nameSortKey("Ábel")).toBe("abel");
    expect(nameSortKey("ABEL")).toBe("abel");
    expect(nameSortKey("Österreich")).toBe("osterreich");
    expect(nameSortKey("O'Brien-Smith")).toBe("obriensmith");
    // Full case folding: "ß" and "ẞ" are "ss"; Greek final sigma and capitals without accents are one letter.
    expect(nameSortKey("STRAẞE")).toBe(nameSortKey("strasse"));
    expect(nameSortKey("ΟΔΥΣΣΕΑΣ")).toBe(nameSortKey("Οδυσσέας"));
    // Composed and decomposed accents are one letter.
    expect(nameSortKey("E\u0301va")).toBe(nameSortKey("Éva"));
  });

  it("orders Latin names alphabetically whatever the case or accent, then Greek, Cyrillic and CJK", () => {
    expect(sorted(["山田", "Zoe", "Я", "Österreich", "abel", "Ω", "Éva", "Ábel", "Mike", "zara"])).toEqual([
      "abel",
      "Ábel",
      "Éva",
      "Mike",
      "Österreich",
      "zara",
      "Zoe",
      "Ω",
      "Я",
      "山田",
    ]);
  });
});
