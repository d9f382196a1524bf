import { describe, expect, it } from "vitest";
import { switchVariable } from "./switch-variable.js";

describe("switchVariable", () => {
  it("reads the usual spellings of on and off, in any case, and falls back when unset or blank", () => {
    for (const text of ["1", "true", "TRUE", "yes", "On"]) expect(switchVariable({ FLAG: text }, "FLAG", false), text).toBe(true);
    for (const text of ["0", "false", "No", "off"]) expect(switchVariable({ FLAG: text }, "FLAG", true), text).toBe(false);
    expect(switchVariable({}, "FLAG", true)).toBe(true);
    expect(switchVariable({ FLAG: "  " }, "FLAG", false)).toBe(false);
  });

  it("names the variable for anything else", () => {
    for (const text of ["2", "maybe", "-1"]) {
      expect(() => switchVariable({ FLAG: text }, "FLAG", false)).toThrow(`FLAG: expecting 1 or 0 (or true/false, yes/no, on/off) but got "${text}"`);
    }
  });
});
