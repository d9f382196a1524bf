import { describe, expect, it } from "vitest";
import { strengthLabel } from "./strength-label.js";
import { STRENGTH_LABELS } from "./index.js";

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

  it("gives exactly the labels STRENGTH_LABELS lists, weakest first, as scores rise", () => {
    const given = [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1].map((score) => strengthLabel(score));
    expect([...new Set(given)]).toEqual([...STRENGTH_LABELS]);
  });

  it("is null without data", () => {
    expect(strengthLabel(null)).toBeNull();
  });

  it("uses the given thresholds", () => {
    expect(strengthLabel(0.3, { moderate: 0.1, strong: 0.2, veryStrong: 0.9 })).toBe("strong");
  });

  it.each([
    [{ moderate: 0.5, strong: 0.25, veryStrong: 0.75 }, 'strength thresholds ordered moderate <= strong <= veryStrong but got "{"moderate":0.5,"strong":0.25,"veryStrong":0.75}"'],
    [{ moderate: Number.NaN, strong: 0.5, veryStrong: 0.75 }, '"thresholds.moderate" to be a number in (0, 1] but got "NaN"'],
    [{ moderate: -0.25, strong: 0.5, veryStrong: 0.75 }, '"thresholds.moderate" to be a number in (0, 1] but got "-0.25"'],
    [{ moderate: 0.25, strong: 0.5 }, '"thresholds.veryStrong" to be a number in (0, 1] but got "undefined"'],
    [{ moderate: 0.25, strong: 0.5, veryStrong: 0.75, weak: 0.1 }, 'a strength threshold named "moderate", "strong" or "veryStrong" but got "weak"'],
    [null, '"thresholds" to be an object but got "null"'],
  ])("rejects the thresholds %j as the scoring parameters' are rejected", (thresholds, message) => {
    expect(() => strengthLabel(0.3, thresholds as never)).toThrow(`strengthLabel: expecting ${message}`);
    // Checked whatever the score, as every argument is.
    expect(() => strengthLabel(null, thresholds as never)).toThrow(/^strengthLabel: expecting /);
  });

  it("rejects a score outside [0, 1]", () => {
    expect(() => strengthLabel(1.2)).toThrow('strengthLabel: expecting "score" to be a number in [0, 1] or null but got "1.2".');
    expect(() => strengthLabel(Number.NaN)).toThrow(/strengthLabel/);
  });
});
