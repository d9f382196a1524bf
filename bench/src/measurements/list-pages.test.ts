import { describe, expect, it } from "vitest";
import { drawListPages, LIST_PAGES_DRAWN_FROM } from "./list-pages.js";

describe("drawListPages", () => {
  it("asks the first page, then pages among the first ones the list has, the same for a seed", () => {
    const pages = drawListPages(20_000, 50, 300, 6);
    expect(pages).toHaveLength(300);
    expect(pages[0]).toBe(1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(LIST_PAGES_DRAWN_FROM);
    expect(new Set(pages).size).toBeGreaterThan(100);
    expect(drawListPages(20_000, 50, 300, 6)).toEqual(pages);
  });

  it("stays within a short list's pages", () => {
    expect(new Set(drawListPages(120, 50, 40, 1))).toEqual(new Set([1, 2]));
    expect(drawListPages(10, 50, 3, 1)).toEqual([1, 1, 1]);
  });
});
