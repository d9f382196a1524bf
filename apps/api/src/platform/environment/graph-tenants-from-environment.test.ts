import { describe, expect, it } from "vitest";
import { graphTenantsFromEnvironment } from "./graph-tenants-from-environment.js";

describe("graphTenantsFromEnvironment", () => {
  it("holds 64 tenants' graphs unless RAPPORT_GRAPH_TENANTS says how many, and names the variable for a bad value", () => {
    expect(graphTenantsFromEnvironment({})).toBe(64);
    expect(graphTenantsFromEnvironment({ RAPPORT_GRAPH_TENANTS: "8" })).toBe(8);
    for (const text of ["0", "1.5", "many", "100001"]) {
      expect(() => graphTenantsFromEnvironment({ RAPPORT_GRAPH_TENANTS: text })).toThrow(/^RAPPORT_GRAPH_TENANTS: expecting a whole number from 1 to 100000 but got/);
    }
  });
});
