/** @module The tunable constants of the scoring model, their defaults and their validation (see docs/scoring.md). */
import { DAY_MILLISECONDS, MAXIMUM_TIME } from "./internal/dates.js";
import { invalidArgument } from "./internal/errors.js";
import { checkedStrengthThresholds } from "./internal/strength-thresholds.js";

/** Score bands of `strength_label`: a score at or above a threshold gets that band. */
export interface StrengthThresholds {
  /** Lowest score labelled `moderate` (below it: `weak`). */
  moderate: number;
  /** Lowest score labelled `strong`. */
  strong: number;
  /** Lowest score labelled `very_strong`. */
  veryStrong: number;
}

/** Every constant of the scoring model. Defaults: {@link defaultScoringParameters}. */
export interface ScoringParameters {
  /** Days after which an interaction weighs half as much. */
  halfLifeDays: number;
  /** Weight of one email between a sender and a sole recipient. */
  emailWeight: number;
  /** Weight of one two-person meeting. */
  meetingWeight: number;
  /** Multiplier of a pair's email weight while email has only gone one way between them (0..1). */
  oneWayFactor: number;
  /** Per-pair weight is divided by `audience ** audienceExponent` (audience: recipients, or other attendees). */
  audienceExponent: number;
  /** Raw weight at which the connection score reaches 0.5: `score = raw / (raw + saturation)`. */
  saturation: number;
  /** Meetings with more distinct participants connect nobody (they still count in activity). Fixed per graph. */
  maximumMeetingAttendees: number;
  /** How many of the strongest connections PathPower combines with noisy-OR. */
  pathPowerTopCount: number;
  /** Window of the counts quoted in `rq_reason`, in days. */
  reasonWindowDays: number;
  /** Bands of `strength_label`. */
  strengthThresholds: StrengthThresholds;
}

/** Per-call or per-deployment overrides of {@link ScoringParameters}; thresholds may be given in part. */
export type ScoringParameterOverrides = OptionalFields<Omit<ScoringParameters, "strengthThresholds">> & {
  strengthThresholds?: OptionalFields<StrengthThresholds> | undefined;
};

/** Every field optional, and `undefined` (which takes the default) accepted too, as under `exactOptionalPropertyTypes`. */
type OptionalFields<T> = { [K in keyof T]?: T[K] | undefined };

/**
 * The default scoring constants. Why each value is what it is: docs/scoring.md.
 *
 * @example
 * import { defaultScoringParameters } from "@rapport/graph";
 * defaultScoringParameters.halfLifeDays; // 90
 */
export const defaultScoringParameters: Readonly<ScoringParameters> = Object.freeze({
  halfLifeDays: 90,
  emailWeight: 1,
  meetingWeight: 3,
  oneWayFactor: 0.5,
  audienceExponent: 0.5,
  saturation: 8,
  maximumMeetingAttendees: 50,
  pathPowerTopCount: 3,
  reasonWindowDays: 90,
  strengthThresholds: Object.freeze({ moderate: 0.25, strong: 0.5, veryStrong: 0.75 }),
});

/**
 * Upper bound of `emailWeight`, `meetingWeight` and `saturation`. A pair's raw weight is at most the heavier
 * weight times its interaction count (audience factors and decay are at most 1), so with this bound raw and
 * `raw + saturation` stay far from overflowing to Infinity (and scores from NaN) for any graph. It takes
 * nothing away: scores depend only on the weights' ratios to `saturation`, so larger values can be scaled down.
 */
const MAXIMUM_WEIGHT = 1e9;
/** Upper bound of the spans in days: their milliseconds stay finite and no longer than the range of a Date. */
const MAXIMUM_DAYS = MAXIMUM_TIME / DAY_MILLISECONDS;
/** Upper bound of `pathPowerTopCount`: a company PathPower ranking keeps the square of it in bounds. */
const MAXIMUM_PATH_POWER_TOP_COUNT = 100;

const NUMBER_RULES: Record<Exclude<keyof ScoringParameters, "strengthThresholds">, [string, (value: number) => boolean]> = {
  halfLifeDays: [`a positive number of at most ${MAXIMUM_DAYS}`, (value) => value > 0 && value <= MAXIMUM_DAYS],
  emailWeight: [`a number from 0 to ${MAXIMUM_WEIGHT}`, (value) => value >= 0 && value <= MAXIMUM_WEIGHT],
  meetingWeight: [`a number from 0 to ${MAXIMUM_WEIGHT}`, (value) => value >= 0 && value <= MAXIMUM_WEIGHT],
  oneWayFactor: ["a number between 0 and 1", (value) => value >= 0 && value <= 1],
  audienceExponent: ["a finite number of at least 0", (value) => value >= 0 && Number.isFinite(value)],
  saturation: [`a positive number of at most ${MAXIMUM_WEIGHT}`, (value) => value > 0 && value <= MAXIMUM_WEIGHT],
  maximumMeetingAttendees: ["an integer of at least 2", (value) => Number.isInteger(value) && value >= 2],
  pathPowerTopCount: [
    `an integer from 1 to ${MAXIMUM_PATH_POWER_TOP_COUNT}`,
    (value) => Number.isInteger(value) && value >= 1 && value <= MAXIMUM_PATH_POWER_TOP_COUNT,
  ],
  // Whole days: rq_reason says "in the last 90 days", where 1.5 would read "in the last 1.5 days".
  reasonWindowDays: [`an integer from 1 to ${MAXIMUM_DAYS}`, (value) => Number.isInteger(value) && value >= 1 && value <= MAXIMUM_DAYS],
};

/**
 * A copy of `base` when it is a complete, valid parameter set (every parameter within its bounds, no other key),
 * else throws naming `functionName` and the field (`base.halfLifeDays`).
 */
function checkedBase(functionName: string, base: unknown): ScoringParameters {
  if (base === defaultScoringParameters) return { ...defaultScoringParameters, strengthThresholds: { ...defaultScoringParameters.strengthThresholds } };
  if (typeof base !== "object" || base === null || Array.isArray(base)) throw invalidArgument(functionName, '"base" to be an object', base);
  const given = base as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(NUMBER_RULES, key) && key !== "strengthThresholds") throw invalidArgument(functionName, "a known scoring parameter name", key);
  }
  const checked: Partial<ScoringParameters> = {};
  for (const [key, [expectation, accepts]] of Object.entries(NUMBER_RULES)) {
    const value = given[key];
    if (typeof value !== "number" || !accepts(value)) throw invalidArgument(functionName, `"base.${key}" to be ${expectation}`, value);
    checked[key as keyof typeof NUMBER_RULES] = value;
  }
  return { ...checked, strengthThresholds: checkedStrengthThresholds(functionName, "base.strengthThresholds", given.strengthThresholds) } as ScoringParameters;
}

/**
 * Merges overrides onto a base set of parameters (the defaults unless given) and validates the result.
 * Unknown keys are rejected, even with an undefined value, so that a misspelt override cannot be silently ignored.
 *
 * @param overrides - Values to replace; `strengthThresholds` may be partial.
 * @param base - Parameters to start from (default: {@link defaultScoringParameters}): a complete set, checked as
 *   overrides are (a parameter missing or out of bounds, or an unknown key, is refused).
 * @param functionName - Name used in error messages (default: `resolveScoringParameters`); a non-empty string.
 * @returns A new, complete, validated parameter object.
 * @throws GraphInputError naming the function and quoting the bad value.
 *
 * @example
 * import { resolveScoringParameters } from "@rapport/graph";
 * const parameters = resolveScoringParameters({ halfLifeDays: 30 });
 * parameters.meetingWeight; // 3 (default kept)
 */
export function resolveScoringParameters(
  overrides: ScoringParameterOverrides | undefined = undefined,
  base: Readonly<ScoringParameters> = defaultScoringParameters,
  functionName = "resolveScoringParameters",
): ScoringParameters {
  if (typeof functionName !== "string" || functionName.length === 0) {
    throw invalidArgument("resolveScoringParameters", '"functionName" to be a non-empty string', functionName);
  }
  const resolved = checkedBase(functionName, base);
  if (overrides === undefined) return resolved;
  if (typeof overrides !== "object" || overrides === null || Array.isArray(overrides)) {
    throw invalidArgument(functionName, '"parameters" to be an object', overrides);
  }
  for (const [key, value] of Object.entries(overrides)) {
    // Own keys only: `toString` or `constructor` are no parameters, though every object inherits them.
    const rule = Object.hasOwn(NUMBER_RULES, key) ? NUMBER_RULES[key as keyof typeof NUMBER_RULES] : undefined;
    // Checked before an undefined value is skipped, so that a misspelt key fails whatever its value (as options do).
    if (rule === undefined && key !== "strengthThresholds") throw invalidArgument(functionName, "a known scoring parameter name", key);
    if (value === undefined) continue;
    if (rule === undefined) {
      resolved.strengthThresholds = checkedStrengthThresholds(functionName, "parameters.strengthThresholds", value, resolved.strengthThresholds);
      continue;
    }
    if (typeof value !== "number" || !rule[1](value)) {
      throw invalidArgument(functionName, `"parameters.${key}" to be ${rule[0]}`, value);
    }
    resolved[key as keyof typeof NUMBER_RULES] = value;
  }
  return resolved;
}
