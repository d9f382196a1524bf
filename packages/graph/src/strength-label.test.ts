import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prettyScore } from "./internal/scores.js";
import { strengthLabel } from "./strength-label.js";
import { STRENGTH_LABELS } from "./index.js";

describe("strengthLabel", () => {
  it.each([
    [0, "weak"],
    [0.2449, "weak"],
    // Banded as displayed: 0.245 and 0.7496 show 25 and 75, the thresholds' own numbers.
    [0.245, "moderate"],
    [0.25, "moderate"],
    [0.5, "strong"],
    [0.7449, "strong"],
    [0.7496, "very_strong"],
    [0.75, "very_strong"],
    [1, "very_strong"],
  ])("labels %d as %s", (score, label) => {
    expect(strengthLabel(score)).toBe(label);
  });

  it("gives one displayed number one label, and never a weaker label to a higher score", () => {
    const score = fc.double({ min: 0, max: 1, noNaN: true });
    const rank = (label: string | null) => STRENGTH_LABELS.indexOf(label as never);
    fc.assert(
      fc.property(score, score, (first, second) => {
        const [lower, higher] = first <= second ? [first, second] : [second, first];
        expect(rank(strengthLabel(lower))).toBeLessThanOrEqual(rank(strengthLabel(higher)));
      }),
    );
    // Two scores of one displayed number (random doubles rarely share one).
    const offset = fc.double({ min: -0.5, max: 0.4999, noNaN: true });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), offset, offset, (shown, first, second) => {
        const [left, right] = [first, second].map((part) => Math.min(1, Math.max(0, (shown + part) / 100)));
        fc.pre(prettyScore(left!) === prettyScore(right!));
        expect(strengthLabel(left!)).toBe(strengthLabel(right!));
      }),
    );
    // Scores either side of each threshold's display, where the exact score used to decide.
    for (const shown of [25, 50, 75]) {
      const [below, above] = [(shown - 0.5) / 100, (shown + 0.49) / 100];
      expect(prettyScore(below)).toBe(shown);
      expect(strengthLabel(below)).toBe(strengthLabel(above));
    }
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
