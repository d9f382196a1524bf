import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonNestingProblem, MAX_JSON_DEPTH } from "./json-nesting.js";

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { key: value };
  return value;
};

describe("jsonNestingProblem", () => {
  it("accepts scalars and bodies up to the limit, refuses one level more", () => {
    expect(jsonNestingProblem("text")).toBeNull();
    expect(jsonNestingProblem(null)).toBeNull();
    expect(jsonNestingProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonNestingProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(/more than 32 levels deep/);
  });

  it("walks a body tens of thousands of levels deep without overflowing the stack", () => {
    const deep = JSON.parse("[".repeat(50_000) + "]".repeat(50_000)) as unknown;
    expect(jsonNestingProblem(deep)).toMatch(/levels deep/);
  });

  it("refuses a __proto__ key at any depth, parsed as JSON.parse makes it (an own key)", () => {
    expect(jsonNestingProblem(JSON.parse('{"a":[{"b":{"__proto__":"x"}}]}'))).toMatch(/'__proto__'/);
    expect(jsonNestingProblem(JSON.parse('{"constructor":{"prototype":1}}'))).toBeNull();
  });

  it("refuses the NUL character in any string or field name, naming where it is", () => {
    expect(jsonNestingProblem({ name: "Jo\u0000rdan" })).toBe("body field 'name': text must not contain the NUL character (U+0000)");
    expect(jsonNestingProblem({ persons: [{ emails: ["a@b.c", "\u0000"] }] })).toMatch(/^body field 'persons\.0\.emails\.1': text must not/);
    expect(jsonNestingProblem("\u0000")).toMatch(/^body: text must not contain the NUL/);
    expect(jsonNestingProblem({ "a\u0000": 1 })).toMatch(/a field's name: text must not contain the NUL/);
    expect(jsonNestingProblem({ name: "Jordan \u0001 Blake", note: "line\nbreak" })).toBeNull();
  });

  it("refuses a lone surrogate in any string or field name, and takes a pair, the character it encodes", () => {
    expect(jsonNestingProblem({ notes: ["ok", "\udc00"] })).toBe("body field 'notes.1': text must not contain a lone surrogate (U+D800 to U+DFFF unpaired)");
    expect(jsonNestingProblem({ "a\ud800": 1 })).toBe("body: a field's name: text must not contain a lone surrogate (U+D800 to U+DFFF unpaired)");
    expect(jsonNestingProblem({ name: "Zoë 😀" })).toBeNull();
  });

  it("refuses a key given twice in one object when given the text, which parsing reduced to its last value", () => {
    const text = '{"persons":[{"name":"Ada","emails":["a@x.test"],"name":"Eve"}]}';
    expect(jsonNestingProblem(JSON.parse(text))).toBeNull();
    expect(jsonNestingProblem(JSON.parse(text), text)).toMatch(/^body field 'persons\.0\.name' is given twice in one object/);
    const same = '{"persons":[{"name":"Ada"},{"name":"Eve","note":"name: \\"x\\""}]}';
    expect(jsonNestingProblem(JSON.parse(same), same)).toBeNull();
  });

  it("depends only on the depth: any JSON value nested within the limit passes, wrapped past it fails", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 20 }), (value, wraps) => {
        const parsed = JSON.parse(JSON.stringify(value)) as unknown;
        if (JSON.stringify(value).includes('"__proto__"') || JSON.stringify(value).includes("\\u0000")) return;
        expect(jsonNestingProblem(nested(wraps, parsed))).toBeNull();
        expect(jsonNestingProblem(nested(MAX_JSON_DEPTH, [parsed]))).toMatch(/levels deep/);
      }),
    );
  });
});
