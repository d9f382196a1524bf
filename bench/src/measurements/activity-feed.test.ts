import { describe, expect, it } from "vitest";
import { pollPositions } from "./activity-feed.js";

describe("pollPositions", () => {
  it("places every poll 1 to a page of entries before the feed's end, spread over the page", () => {
    const positions = pollPositions(20_000, 100, 50);
    expect(positions).toHaveLength(100);
    expect(Math.max(...positions)).toBe(19_999);
    expect(Math.min(...positions)).toBe(19_950);
    expect(new Set(positions).size).toBe(50);
  });

  it("never passes a negative after_sequence on a short feed", () => {
    expect(pollPositions(3, 5, 50)).toEqual([2, 0, 0, 1, 0]);
  });
});
