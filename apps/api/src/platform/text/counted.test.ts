import { describe, expect, it } from "vitest";
import { counted } from "./counted.js";

describe("counted", () => {
  it("uses the singular for exactly one and the plural otherwise", () => {
    expect([0, 1, 2].map((count) => counted(count, "problem"))).toEqual(["0 problems", "1 problem", "2 problems"]);
  });

  it("takes an irregular plural", () => {
    expect(counted(3, "entry", "entries")).toBe("3 entries");
  });
});
