import { describe, expect, it } from "vitest";
import { conflict, invalidArgument, quote } from "./errors.js";

describe("errors", () => {
  it("quotes any value without throwing", () => {
    expect(quote("a")).toBe('"a"');
    expect(quote(3)).toBe('"3"');
    expect(quote(undefined)).toBe('"undefined"');
    expect(quote({ a: 1 })).toBe('"{"a":1}"');
    expect(quote({ from: Number.NaN, to: null, at: [Number.NEGATIVE_INFINITY, undefined] })).toBe('"{"from":NaN,"to":null,"at":[-Infinity,undefined]}"');
    expect(quote(new Date(Date.UTC(2026, 11, 7)))).toBe('"Date(2026-12-07T00:00:00.000Z)"');
    expect(quote({ from: new Date(Number.NaN), to: "2026-12-07" })).toBe('"{"from":Date(Invalid Date),"to":"2026-12-07"}"');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(quote(circular)).toBe('"[object Object]"');
    expect(quote("x".repeat(200)).length).toBeLessThan(210);
  });

  it("names the function and the expectation", () => {
    expect(invalidArgument("pathPower", '"now" to be a number', "soon").message).toBe('pathPower: expecting "now" to be a number but got "soon".');
    expect(conflict("mergePersons", "nope.", "ada").message).toBe("mergePersons: nope.");
  });
});
