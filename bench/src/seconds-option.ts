import { InvalidArgumentError } from "commander";

/**
 * Commander's parser for `--http-seconds`: a finite number of seconds above zero (fractions allowed), so a typo
 * stops the run before minutes of generating rather than loading the server for NaN seconds.
 */
export function parseLoadSeconds(value: string): number {
  const seconds = Number(value);
  if (value.trim() === "" || !Number.isFinite(seconds) || seconds <= 0) {
    throw new InvalidArgumentError(`expected a number of seconds above 0, such as 5 or 0.5; got "${value}"`);
  }
  return seconds;
}
