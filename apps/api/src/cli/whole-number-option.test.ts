import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { graceHoursOption } from "./keys-rotate-command.js";
import { retentionDays } from "./history-command.js";
import { wholeNumberOption } from "./whole-number-option.js";

describe("wholeNumberOption", () => {
  const hours = wholeNumberOption(0, 720, "must be a whole number of hours from 0 to 720");

  it("takes decimal digits within the range", () => {
    expect([hours("0"), hours("5"), hours("0720")]).toEqual([0, 5, 720]);
  });

  it("refuses spaces, signs, decimals, exponents, empty text and values out of range, with the option's message", () => {
    for (const value of [" 5", "5 ", "+5", "-1", "5.0", "5e1", "0x5", "", "721", "99999999999999999999"]) {
      expect(() => hours(value), JSON.stringify(value)).toThrow(new InvalidArgumentError("must be a whole number of hours from 0 to 720"));
    }
  });

  it("is what --grace and --older-than parse with: a leading space is refused by both", () => {
    expect(() => graceHoursOption(" 5")).toThrow(InvalidArgumentError);
    expect(() => retentionDays(" 5")).toThrow(InvalidArgumentError);
    expect([graceHoursOption("5"), retentionDays("5")]).toEqual([5, 5]);
  });
});
