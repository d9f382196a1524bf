import { describe, expect, it } from "vitest";
import { warmGraphsFromEnvironment } from "./warm-graphs-from-environment.js";

describe("warmGraphsFromEnvironment", () => {
  it("warms unless RAPPORT_WARM_GRAPHS is 0", () => {
    expect(warmGraphsFromEnvironment({})).toBe(true);
    expect(warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "1" })).toBe(true);
    expect(warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "0" })).toBe(false);
  });

  it("names the variable when its value is neither 0 nor 1", () => {
    for (const text of ["2", "yes", "-1"]) {
      expect(() => warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: text })).toThrow(/^RAPPORT_WARM_GRAPHS: expecting a whole number from 0 to 1 but got/);
    }
  });
});
