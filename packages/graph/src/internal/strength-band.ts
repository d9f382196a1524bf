/** @module The `strength_label` band of a score the package computed, with thresholds it validated. */
import type { StrengthThresholds } from "../scoring-parameters.js";
import type { StrengthLabel } from "../types.js";
import { prettyScore } from "./scores.js";

/**
 * `weak` below `moderate`, then `moderate`, `strong`, and `very_strong` from `veryStrong` up; null for null. The
 * score is banded as it is displayed (`prettyScore`, hundredths): 0.7496 shows 75 as 0.75 does, and both are
 * `very_strong`, where banding the exact score labelled one number two ways. Every label the package gives is this one.
 * Unchecked: `strengthLabel` is the public, checked form.
 * @example strengthBand(0.62, defaultScoringParameters.strengthThresholds); // "strong"
 * @example strengthBand(0.7496, defaultScoringParameters.strengthThresholds); // "very_strong" (shown as 75)
 */
export function strengthBand(score: number, thresholds: Readonly<StrengthThresholds>): StrengthLabel;
export function strengthBand(score: number | null, thresholds: Readonly<StrengthThresholds>): StrengthLabel | null;
export function strengthBand(score: number | null, thresholds: Readonly<StrengthThresholds>): StrengthLabel | null {
  if (score === null) return null;
  const shown = prettyScore(score) / 100;
  if (shown >= thresholds.veryStrong) return "very_strong";
  if (shown >= thresholds.strong) return "strong";
  if (shown >= thresholds.moderate) return "moderate";
  return "weak";
}
