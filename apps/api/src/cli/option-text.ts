/**
 * @module
 * The one rule for text the command line stores (a tenant's or user's name, an email, a key's label): trimmed, not
 * blank, within the REST API's limit for the field, one line and free of control characters: the REST API's rule for one-line
 * text (@rapport/store's control-character.ts); a name loses the controls that reorder text, as the REST API's names do.
 */
import { controlCharacterProblem, refusedCharacter, takeOutReorderingControls } from "@rapport/store/vocabulary";
import { CliError } from "./cli-output.js";

/**
 * The text of option `option`, trimmed: a CliError when it is blank, longer than `max` characters (the REST API's
 * limit for the same field), holds a line break, which would split the command's one-line-per-record output, or
 * another control character (an escape sequence would act on the terminal of whoever lists it; a C1 character such
 * as U+009B is one too, and U+0085 a line break to some readers).
 *
 * @example
 * optionText("  Ada Lovelace ", "--name", 300); // "Ada Lovelace"
 * optionText("Ada\u001b[2J", "--name", 300); // CliError: --name must not contain control characters (U+001B)
 */
export function optionText(value: string, option: string, max: number): string {
  const text = value.trim();
  if (!text) throw new CliError(`${option} must not be empty`);
  if (text.length > max) throw new CliError(`${option} is ${text.length} characters long; at most ${max}`);
  if (/[\r\n]/.test(text)) throw new CliError(`${option} must be one line`);
  const codePoint = refusedCharacter(text, "one line");
  if (codePoint !== null) throw new CliError(`${option} ${controlCharacterProblem(codePoint)}`);
  return text;
}

/**
 * The text of a name option (a tenant's, a user's): `optionText` of `value` without the controls that reorder text
 * (`takeOutReorderingControls`), as the REST API takes a name; one left blank by them is blank.
 *
 * @example
 * optionName("\u202eAda", "--name", 300); // "Ada"
 */
export function optionName(value: string, option: string, max: number): string {
  return optionText(takeOutReorderingControls(value), option, max);
}
