import { UndirectedGraph } from "graphology";
import { describe, expect, it } from "vitest";
import { isGraphologyKey } from "./graphology-keys.js";

describe("isGraphologyKey", () => {
  it("refuses exactly the names every object inherits, which graphology cannot connect", () => {
    const inherited = Object.getOwnPropertyNames(Object.prototype);
    expect(inherited.filter(isGraphologyKey)).toEqual([]);
    expect(["person-ada", "0f8fad5b-d9cb-469f-a165-70867728950e", "Constructor", "prototype", ""].every(isGraphologyKey)).toBe(true);
    // Why: graphology 0.26 finds an edge to such a node "already" in the neighbour object.
    const view = new UndirectedGraph();
    view.addNode("ada");
    view.addNode("constructor");
    expect(() => view.addUndirectedEdgeWithKey("0", "ada", "constructor")).toThrow(/already exists/);
  });
});
