/**
 * @module
 * One cell of a CSV file an auditor opens in a spreadsheet (RFC 4180): quoted when it must be, and never read as a
 * formula there.
 */

/** What a spreadsheet reads as the start of a formula (OWASP's "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * `value` as a CSV cell: null as empty, a number or boolean as written, text quoted when it holds a comma, a quote or
 * a line break (quotes doubled). Text a spreadsheet would take for a formula (`=HYPERLINK(...)`, `+1`, `@SUM`) gets a
 * leading `'`: an OAuth client's name is whatever its registration said, and it must not run in the auditor's sheet.
 *
 * @example
 * csvCell('=HYPERLINK("http://x")'); // `"'=HYPERLINK(""http://x"")"`
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV line of `values`, without its line break. */
export function csvLine(values: Array<string | number | boolean | null>): string {
  return values.map(csvCell).join(",");
}
