/** CSV cells as an auditor's spreadsheet reads them: quoted where needed, never a formula. */
import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv-cell.js";

describe("csvCell", () => {
  it("quotes text holding a comma, a quote or a line break, and leaves other text, numbers and null plain", () => {
    expect(csvLine(["Park, Ada", 'say "hi"', "two\nlines", "plain", 3, true, null])).toBe('"Park, Ada","say ""hi""","two\nlines",plain,3,true,');
  });

  it("keeps text a spreadsheet would run as a formula from being one", () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(["+1", "-2", "@SUM(A1)", "\tx"].map(csvCell)).toEqual(["'+1", "'-2", "'@SUM(A1)", "'\tx"]);
    // A negative number given as a number is a number.
    expect(csvCell(-2)).toBe("-2");
  });
});
