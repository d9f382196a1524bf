/** @module The `strength_label` band of a score the package computed, with thresholds it validated. */
import type { StrengthThresholds } from "../scoring-parameters.js";
import type { StrengthLabel } from "../types.js";

/**
 * `weak` below `moderate`, then `moderate`, `strong`, and `very_strong` from `veryStrong` up; null for null.
 * Unchecked: `strengthLabel` is the public, checked form.
 * @example strengthBand(0.62, defaultScoringParameters.strengthThresholds); // "strong"
 */
export function strengthBand(score: number, thresholds: Readonly<StrengthThresholds>): StrengthLabel;
export function strengthBand(score: number | null, thresholds: Readonly<StrengthThresholds>): StrengthLabel | null;
export function strengthBand(score: number | null, thresholds: Readonly<StrengthThresholds>): StrengthLabel | null {
  if (score === null) return null;
  if (score >= thresholds.veryStrong) return "very_strong";
  if (score >= thresholds.strong) return "strong";
  if (score >= thresholds.moderate) return "moderate";
  return "weak";
}
