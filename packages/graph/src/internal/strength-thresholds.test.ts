import { describe, expect, it } from "vitest";
import { defaultScoringParameters } from "../scoring-parameters.js";
import { checkedStrengthThresholds } from "./strength-thresholds.js";

describe("checkedStrengthThresholds", () => {
  it("takes the bands a value leaves out from the base, as a new object", () => {
    const base = defaultScoringParameters.strengthThresholds;
    const checked = checkedStrengthThresholds("f", "thresholds", { strong: 0.6, veryStrong: undefined }, base);
    expect(checked).toEqual({ moderate: 0.25, strong: 0.6, veryStrong: 0.75 });
    expect(checked).not.toBe(base);
  });

  it("requires every band without a base, and checks their order after the merge", () => {
    expect(() => checkedStrengthThresholds("f", "thresholds", { moderate: 0.2, veryStrong: 0.9 })).toThrow(
      'f: expecting "thresholds.strong" to be a number in (0, 1] but got "undefined".',
    );
    expect(() => checkedStrengthThresholds("f", "thresholds", { moderate: 0.6 }, defaultScoringParameters.strengthThresholds)).toThrow(
      /^f: expecting strength thresholds ordered moderate <= strong <= veryStrong but got "\{"moderate":0.6,"strong":0.5/,
    );
  });
});
