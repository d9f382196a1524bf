import { describe, expect, it } from "vitest";
import { splitCellList } from "./cell-list.js";

describe("splitCellList", () => {
  it("splits on each separator, trimmed, empty values left out", () => {
    expect(splitCellList(" a@x.com ::: b@y.com ;c@z.com| d , ,")).toEqual(["a@x.com", "b@y.com", "c@z.com", "d"]);
    expect(splitCellList("a:b")).toEqual(["a:b"]);
  });

  it("reads a long run of spaces without a separator in one pass", () => {
    // Split with `\s*` around each separator, these 100,000 spaces held the event loop for about 20 s (a test timeout).
    expect(splitCellList(`a${" ".repeat(100_000)}b`)).toEqual([`a${" ".repeat(100_000)}b`]);
  });
});
