/**
 * @module
 * The text a whole-number query parameter (`page`, `per_page`, a count per item) takes: digits, as clients print an
 * integer, also with a zero fraction (`100.0`, as Python prints a float) or a positive exponent (`1e2`, `1e+21`, as
 * JavaScript prints a large number). Every such text is one `numberQuery` reads as the same number, so a value a
 * number filter takes reads the same in an integer parameter, or is refused there as not whole.
 */
import { z } from "zod";

/** A whole number's text; its pattern also shows in the OpenAPI document and makes a tool argument an integer. */
export const WHOLE_NUMBER_TEXT = /^[+-]?\d+(\.0*)?([eE]\+?\d+)?$/;

/**
 * A whole number in a query string, as a number (a number past a double reads as ±Infinity: the parameter's own
 * bounds clamp or refuse it). Its refusal names no parameter; the 400 does (`query parameter 'per_page': ...`).
 *
 * @example
 * wholeNumberText().parse("1e2"); // 100
 * wholeNumberText().parse("2.5"); // throws: must be an integer
 */
export const wholeNumberText = (message = "must be an integer") =>
  z
    .string()
    .trim()
    .regex(WHOLE_NUMBER_TEXT, message)
    .transform((text) => Number(text));
