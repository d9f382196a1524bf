import { describe, expect, it } from "vitest";
import { defaultScoringParameters, resolveScoringParameters } from "./scoring-parameters.js";

describe("defaultScoringParameters", () => {
  it("holds the documented defaults and cannot be mutated", () => {
    expect(defaultScoringParameters).toEqual({
      halfLifeDays: 90,
      emailWeight: 1,
      meetingWeight: 3,
      oneWayFactor: 0.5,
      audienceExponent: 0.5,
      saturation: 8,
      maximumMeetingAttendees: 50,
      pathPowerTopCount: 3,
      reasonWindowDays: 90,
      strengthThresholds: { moderate: 0.25, strong: 0.5, veryStrong: 0.75 },
    });
    expect(Object.isFrozen(defaultScoringParameters)).toBe(true);
    expect(Object.isFrozen(defaultScoringParameters.strengthThresholds)).toBe(true);
  });
});

describe("resolveScoringParameters", () => {
  it("returns a fresh copy of the base without overrides", () => {
    const resolved = resolveScoringParameters();
    expect(resolved).toEqual(defaultScoringParameters);
    expect(resolved).not.toBe(defaultScoringParameters);
  });

  it("merges overrides, including part of the thresholds", () => {
    const resolved = resolveScoringParameters({ halfLifeDays: 30, strengthThresholds: { strong: 0.6 } });
    expect(resolved.halfLifeDays).toBe(30);
    expect(resolved.meetingWeight).toBe(3);
    expect(resolved.strengthThresholds).toEqual({ moderate: 0.25, strong: 0.6, veryStrong: 0.75 });
  });

  it("starts from the given base", () => {
    const base = resolveScoringParameters({ saturation: 4 });
    expect(resolveScoringParameters({ emailWeight: 2 }, base)).toMatchObject({ saturation: 4, emailWeight: 2 });
  });

  it("rejects a misspelt parameter, naming the function and the key", () => {
    expect(() => resolveScoringParameters({ halfLife: 3 } as never)).toThrow(
      'resolveScoringParameters: expecting a known scoring parameter name but got "halfLife".',
    );
    // Whatever its value: a typo must fail every time, not only when it is set.
    expect(() => resolveScoringParameters({ halfLife: undefined } as never)).toThrow(
      'resolveScoringParameters: expecting a known scoring parameter name but got "halfLife".',
    );
    expect(() => resolveScoringParameters({ strengthThresholds: { stong: undefined } } as never)).toThrow(
      'resolveScoringParameters: expecting a strength threshold named "moderate", "strong" or "veryStrong" but got "stong".',
    );
    // Names every object inherits are no parameters either.
    for (const key of ["toString", "constructor", "hasOwnProperty", "__proto__"]) {
      expect(() => resolveScoringParameters(JSON.parse(`{"${key}": 1}`) as never)).toThrow(
        `resolveScoringParameters: expecting a known scoring parameter name but got "${key}".`,
      );
    }
  });

  it.each([
    [{ halfLifeDays: 0 }, '"parameters.halfLifeDays" to be a positive number of at most 100000000 but got "0"'],
    [{ oneWayFactor: 1.5 }, '"parameters.oneWayFactor" to be a number between 0 and 1 but got "1.5"'],
    [{ maximumMeetingAttendees: 2.5 }, '"parameters.maximumMeetingAttendees" to be an integer of at least 2 but got "2.5"'],
    [{ saturation: "8" }, '"parameters.saturation" to be a positive number of at most 1000000000 but got "8"'],
    [{ strengthThresholds: { moderate: 0 } }, '"parameters.strengthThresholds.moderate" to be a number in (0, 1] but got "0"'],
  ])("rejects %j", (overrides, message) => {
    expect(() => resolveScoringParameters(overrides as never)).toThrow(message);
  });

  it.each([
    [{ emailWeight: 1e308 }, '"parameters.emailWeight" to be a number from 0 to 1000000000 but got "1e+308"'],
    [{ meetingWeight: 1.000001e9 }, '"parameters.meetingWeight" to be a number from 0 to 1000000000 but got "1000001000"'],
    [{ saturation: 1e10 }, '"parameters.saturation" to be a positive number of at most 1000000000 but got "10000000000"'],
    [{ halfLifeDays: 1e308 }, '"parameters.halfLifeDays" to be a positive number of at most 100000000 but got "1e+308"'],
    [{ reasonWindowDays: 1.5e8 }, '"parameters.reasonWindowDays" to be an integer from 1 to 100000000 but got "150000000"'],
    // rq_reason would say "in the last 1.5 days".
    [{ reasonWindowDays: 1.5 }, '"parameters.reasonWindowDays" to be an integer from 1 to 100000000 but got "1.5"'],
    [{ reasonWindowDays: 0.5 }, '"parameters.reasonWindowDays" to be an integer from 1 to 100000000 but got "0.5"'],
    [{ pathPowerTopCount: 101 }, '"parameters.pathPowerTopCount" to be an integer from 1 to 100 but got "101"'],
  ])("rejects %j, whose use could overflow a score or exhaust memory", (overrides, message) => {
    expect(() => resolveScoringParameters(overrides as never)).toThrow(message);
  });

  it("accepts every bound itself", () => {
    const bounds = { emailWeight: 1e9, meetingWeight: 1e9, saturation: 1e9, halfLifeDays: 1e8, reasonWindowDays: 1e8, pathPowerTopCount: 100 };
    expect(resolveScoringParameters(bounds)).toMatchObject(bounds);
  });

  it("checks the base as it checks overrides: complete, in bounds, no other key", () => {
    // Returned as "validated" before, and a base of null failed with a TypeError.
    const { halfLifeDays: _missing, ...partial } = defaultScoringParameters;
    const cases: [unknown, string][] = [
      [{ ...defaultScoringParameters, halfLifeDays: -1 }, 'expecting "base.halfLifeDays" to be a positive number of at most 100000000 but got "-1".'],
      [partial, 'expecting "base.halfLifeDays" to be a positive number of at most 100000000 but got "undefined".'],
      [{ ...defaultScoringParameters, saturation: Number.NaN }, 'expecting "base.saturation" to be a positive number of at most 1000000000 but got "NaN".'],
      [{ ...defaultScoringParameters, strengthThresholds: { moderate: 0.5 } }, 'expecting "base.strengthThresholds.strong" to be a number in (0, 1] but got "undefined".'],
      [{ ...defaultScoringParameters, halfLife: 3 }, 'expecting a known scoring parameter name but got "halfLife".'],
      [null, 'expecting "base" to be an object but got "null".'],
      ["defaults", 'expecting "base" to be an object but got "defaults".'],
    ];
    for (const [base, message] of cases) {
      expect(() => resolveScoringParameters(undefined, base as never)).toThrow(`resolveScoringParameters: ${message}`);
      expect(() => resolveScoringParameters({ emailWeight: 2 }, base as never, "pathPower")).toThrow(`pathPower: ${message}`);
    }
    const base = { ...defaultScoringParameters, saturation: 4, strengthThresholds: { moderate: 0.2, strong: 0.4, veryStrong: 0.6 } };
    const resolved = resolveScoringParameters(undefined, base);
    expect(resolved).toEqual(base);
    expect(resolved.strengthThresholds).not.toBe(base.strengthThresholds);
  });

  it("refuses a function name that is not a non-empty string, in its own name", () => {
    for (const functionName of ["", 7, Symbol("pathPower"), { toString: () => "pathPower" }]) {
      expect(() => resolveScoringParameters({ halfLifeDays: -1 }, undefined, functionName as never)).toThrow(
        /^resolveScoringParameters: expecting "functionName" to be a non-empty string but got /,
      );
    }
  });

  it("rejects thresholds out of order and names the caller", () => {
    expect(() => resolveScoringParameters({ strengthThresholds: { moderate: 0.8 } }, undefined, "pathPower")).toThrow(
      /^pathPower: expecting strength thresholds ordered/,
    );
  });
});
