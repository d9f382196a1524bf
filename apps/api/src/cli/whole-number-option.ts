/**
 * @module
 * The one parser of the command line's number options (`--grace`, `--batch-size`, `--older-than`, `--port`, ...), so
 * that they all take and refuse the same spellings.
 */
import { InvalidArgumentError } from "commander";

/**
 * A parser for an option taking a whole number from `minimum` to `maximum`, written in decimal digits alone: a sign,
 * a space (`" 5"`, from a quoted variable), a decimal point or an exponent is refused with `refusal`, as a value out
 * of range is.
 *
 * @example
 * new Option("--grace <hours>").argParser(wholeNumberOption(0, 720, "must be a whole number of hours from 0 to 720"));
 */
export function wholeNumberOption(minimum: number, maximum: number, refusal: string): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < minimum || parsed > maximum) throw new InvalidArgumentError(refusal);
    return parsed;
  };
}
