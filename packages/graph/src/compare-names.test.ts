/** `compareNames`: names in alphabetical order for every script, a total order, no name last. */
import { describe, expect, it } from "vitest";
import { compareNames } from "./compare-names.js";
import { GraphInputError } from "./graph-input-error.js";

describe("compareNames", () => {
  it("orders names alphabetically, accents and case aside before code points", () => {
    expect(["Zeynep", "Ömer", "adam", "Émile", "Çağlar", "Ayşe"].sort(compareNames)).toEqual(["adam", "Ayşe", "Çağlar", "Émile", "Ömer", "Zeynep"]);
    expect(["Борис", "анна", "Ёлка", "Егор"].sort(compareNames)).toEqual(["анна", "Борис", "Егор", "Ёлка"]);
    expect(["Ωμέγα", "άλφα", "Βήτα"].sort(compareNames)).toEqual(["άλφα", "Βήτα", "Ωμέγα"]);
  });

  it("is a total order: names equal to the collation by code point, no name last", () => {
    expect(compareNames("Jose\u0301", "José")).not.toBe(0);
    expect(Math.sign(compareNames("Jose\u0301", "José"))).toBe(-Math.sign(compareNames("José", "Jose\u0301")));
    expect(compareNames("Ada", "Ada")).toBe(0);
    expect([null, "Zoe", null, "Ada"].sort(compareNames)).toEqual(["Ada", "Zoe", null, null]);
  });

  it("refuses a name that is neither a string nor null, which sorted as its text (undefined as \"undefined\") or threw a TypeError", () => {
    expect(() => compareNames(undefined as never, "Ada")).toThrow(GraphInputError);
    expect(() => compareNames("Ada", Symbol("Ben") as never)).toThrow('compareNames: expecting "right" to be a string or null but got "Symbol(Ben)".');
  });
});
