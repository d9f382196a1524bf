import { describe, expect, it } from "vitest";
import { Stamps } from "./stamps.js";

describe("Stamps", () => {
  it("marks slots within a call, forgets them at the next, and says when it grew", () => {
    const stamps = new Stamps();
    expect(stamps.begin(4)).toBe(true);
    stamps.mark(3);
    expect([stamps.has(3), stamps.has(2)]).toEqual([true, false]);
    expect(stamps.begin(4)).toBe(false);
    expect(stamps.has(3)).toBe(false);
    stamps.mark(1);
    expect(stamps.begin(8)).toBe(true);
    expect(stamps.has(1)).toBe(false);
  });
});
