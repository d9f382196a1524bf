import { describe, expect, it } from "vitest";
import { warmGraphsFromEnvironment } from "./warm-graphs-from-environment.js";

describe("warmGraphsFromEnvironment", () => {
  it("warms unless RAPPORT_WARM_GRAPHS is 0", () => {
    expect(warmGraphsFromEnvironment({})).toBe(true);
    expect(warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "1" })).toBe(true);
    expect(warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "0" })).toBe(false);
    expect(warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: "no" })).toBe(false);
  });

  it("names the variable when its value is neither on nor off", () => {
    for (const text of ["2", "maybe", "-1"]) {
      expect(() => warmGraphsFromEnvironment({ RAPPORT_WARM_GRAPHS: text })).toThrow(/^RAPPORT_WARM_GRAPHS: expecting 1 or 0/);
    }
  });
});
