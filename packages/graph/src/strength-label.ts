/** @module The `strength_label` band of a score. */
import { invalidArgument } from "./internal/errors.js";
import { strengthBand } from "./internal/strength-band.js";
import { checkedStrengthThresholds } from "./internal/strength-thresholds.js";
import { defaultScoringParameters, type StrengthThresholds } from "./scoring-parameters.js";
import type { StrengthLabel } from "./types.js";

/**
 * Bands a 0..1 score: `weak` below `moderate`, then `moderate`, `strong`, and `very_strong` from `veryStrong` up. The
 * score is banded as it is displayed, to hundredths (`score_display`, `rq_pretty`: round(100 × score), halves up), so
 * one displayed number always carries one label: 0.7496 (shown as 75) is `very_strong`, as 0.75 is.
 *
 * @param score - A score in [0, 1], or null for "no data".
 * @param thresholds - Band boundaries (default: the default parameters' thresholds 0.25 / 0.5 / 0.75), all three
 *   given, checked as the scoring parameters' `strengthThresholds` are.
 * @returns The label, or null when `score` is null.
 * @throws GraphInputError when the score is not null and not a number in [0, 1], or the thresholds are not three
 *   ordered numbers in (0, 1] named `moderate`, `strong` and `veryStrong`.
 *
 * @example
 * import { strengthLabel } from "@rapport/graph";
 * strengthLabel(0.62); // "strong"
 * strengthLabel(0.7496); // "very_strong": shown as 75
 * strengthLabel(null); // null
 */
export function strengthLabel(score: number | null, thresholds: StrengthThresholds = defaultScoringParameters.strengthThresholds): StrengthLabel | null {
  if (score !== null && (typeof score !== "number" || !(score >= 0 && score <= 1))) {
    throw invalidArgument("strengthLabel", '"score" to be a number in [0, 1] or null', score);
  }
  return strengthBand(score, checkedStrengthThresholds("strengthLabel", "thresholds", thresholds));
}
