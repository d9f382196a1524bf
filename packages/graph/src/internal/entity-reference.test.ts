import { describe, expect, it } from "vitest";
import { requireEntity } from "./entity-reference.js";

describe("requireEntity", () => {
  it("accepts persons and companies", () => {
    expect(requireEntity("f", { entity: "company", uuid: "c", extra: 1 })).toEqual({ entity: "company", uuid: "c" });
  });

  it("rejects anything else", () => {
    expect(() => requireEntity("f", "c")).toThrow('f: expecting "entity reference" to be an object but got "c".');
    expect(() => requireEntity("f", { entity: "person" })).toThrow('f: expecting "uuid" to be a non-empty string but got "undefined".');
  });
});
