/** @module The one check of strength thresholds, shared by the scoring parameters and `strengthLabel`. */
import type { StrengthThresholds } from "../scoring-parameters.js";
import { invalidArgument } from "./errors.js";

const BANDS = ["moderate", "strong", "veryStrong"] as const;

/**
 * `value` as complete strength thresholds: an object whose bands are each a number in (0, 1], ordered
 * moderate <= strong <= veryStrong. A band that `value` leaves out (or gives as undefined) is taken from
 * `base`; without a base, every band is required.
 *
 * @param functionName - The public function named in errors.
 * @param name - What the caller calls the thresholds in errors (`parameters.strengthThresholds`, `thresholds`).
 * @throws GraphInputError naming the function and quoting the bad value.
 *
 * @example
 * checkedStrengthThresholds("resolveScoringParameters", "parameters.strengthThresholds", { strong: 0.6 }, defaultScoringParameters.strengthThresholds);
 * // { moderate: 0.25, strong: 0.6, veryStrong: 0.75 }
 */
export function checkedStrengthThresholds(
  functionName: string,
  name: string,
  value: unknown,
  base?: Readonly<StrengthThresholds>,
): StrengthThresholds {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidArgument(functionName, `"${name}" to be an object`, value);
  }
  const given = value as Record<string, unknown>;
  for (const band of Object.keys(given)) {
    if (!(BANDS as readonly string[]).includes(band)) {
      throw invalidArgument(functionName, 'a strength threshold named "moderate", "strong" or "veryStrong"', band);
    }
  }
  const checked = { ...base } as StrengthThresholds;
  for (const band of BANDS) {
    const threshold = given[band] === undefined ? base?.[band] : given[band];
    if (typeof threshold !== "number" || !(threshold > 0 && threshold <= 1)) {
      throw invalidArgument(functionName, `"${name}.${band}" to be a number in (0, 1]`, threshold);
    }
    checked[band] = threshold;
  }
  if (!(checked.moderate <= checked.strong && checked.strong <= checked.veryStrong)) {
    throw invalidArgument(functionName, "strength thresholds ordered moderate <= strong <= veryStrong", checked);
  }
  return checked;
}
