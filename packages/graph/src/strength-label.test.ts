import { describe, expect, it } from "vitest";
import { strengthLabel } from "./strength-label.js";

describe("strengthLabel", () => {
  it.each([
    [0, "weak"],
    [0.249999, "weak"],
    [0.25, "moderate"],
    [0.5, "strong"],
    [0.749, "strong"],
    [0.75, "very_strong"],
    [1, "very_strong"],
  ])("labels %d as %s", (score, label) => {
    expect(strengthLabel(score)).toBe(label);
  });

  it("is null without data", () => {
    expect(strengthLabel(null)).toBeNull();
  });

  it("uses the given thresholds", () => {
    expect(strengthLabel(0.3, { moderate: 0.1, strong: 0.2, veryStrong: 0.9 })).toBe("strong");
  });

  it("rejects a score outside [0, 1]", () => {
    expect(() => strengthLabel(1.2)).toThrow('strengthLabel: expecting "score" to be a number in [0, 1] or null but got "1.2".');
    expect(() => strengthLabel(Number.NaN)).toThrow(/strengthLabel/);
  });
});
