import { describe, expect, it } from "vitest";
import { optionalCount, requireCount, requireObject, requireOneOf, requireOptions, requireTime, requireUuid } from "./validate.js";

describe("validate", () => {
  it("accepts good values and returns them", () => {
    expect(requireTime("f", "now", 0)).toBe(0);
    expect(requireTime("f", "now", -0)).toBe(0);
    expect(requireUuid("f", "id", "x")).toBe("x");
    expect(requireObject("f", "options", { a: 1 })).toEqual({ a: 1 });
    expect(requireCount("f", "limit", 3, 0)).toBe(3);
    expect(optionalCount("f", "limit", undefined, 0, 7)).toBe(7);
    expect(requireOneOf("f", "order", "asc", ["asc", "desc"])).toBe("asc");
    expect(requireOptions("f", { now: 1 }, { now: true, limit: true })).toEqual({ now: 1 });
  });

  it("rejects bad values with the function name and the value", () => {
    expect(() => requireTime("f", "now", Number.POSITIVE_INFINITY)).toThrow(`f: expecting "now" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range) but got "Infinity".`);
    expect(() => requireTime("f", "now", -9e15)).toThrow(`f: expecting "now" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range) but got "-9000000000000000".`);
    expect(() => requireUuid("f", "id", null)).toThrow('f: expecting "id" to be a non-empty string but got "null".');
    expect(() => requireObject("f", "options", [])).toThrow('f: expecting "options" to be an object but got "[]".');
    expect(() => requireCount("f", "limit", 1.5, 0)).toThrow('f: expecting "limit" to be an integer of at least 0 but got "1.5".');
    expect(() => requireOneOf("f", "order", "up", ["asc"])).toThrow('f: expecting "order" to be one of "asc" but got "up".');
    expect(() => requireOptions("f", { now: 1, limt: 2 }, { now: true, limit: true })).toThrow(
      'f: expecting a known option name ("now", "limit") but got "limt".',
    );
    expect(() => requireOptions("f", null, { now: true })).toThrow('f: expecting "options" to be an object but got "null".');
  });
});
