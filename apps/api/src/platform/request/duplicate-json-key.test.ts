import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { duplicateKeyProblem, keysWritten } from "./duplicate-json-key.js";

/** Keys held by every object of a parsed JSON value: what the text writes when no key repeats. */
function keysHeld(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, element) => sum + keysHeld(element), 0);
  if (value === null || typeof value !== "object") return 0;
  return Object.values(value).reduce((sum: number, member) => sum + 1 + keysHeld(member), 0);
}

/** The problem of `text`, given the keys its parsed value holds, as the body walk gives them. */
const problemOf = (text: string) => duplicateKeyProblem(text, keysHeld(JSON.parse(text)));

describe("keysWritten", () => {
  it("counts the keys as written, repeated ones included, and no colon inside a string", () => {
    expect(keysWritten('{"a":1,"a":2}')).toBe(2);
    expect(keysWritten('{"url":"https://x.test:8080","t":"10:00","q":"say \\"a:b\\"","e":"\\\\"}')).toBe(4);
    expect(keysWritten('[":", {"k" : [ {"k":"v"} ]}]')).toBe(2);
    expect(keysWritten('"a:b"')).toBe(0);
  });

  it("equals the keys JSON.parse keeps for any text without a repeated key", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        const text = JSON.stringify(value, null, 1);
        expect(keysWritten(text)).toBe(keysHeld(JSON.parse(text)));
        expect(problemOf(text)).toBeNull();
      }),
    );
  });
});

describe("duplicateKeyProblem", () => {
  it("names a key repeated in one object, nested too, by its place in the body", () => {
    expect(problemOf('{"name":"a","name":"b"}')).toBe(
      "body field 'name' is given twice in one object; send each key once (JSON parsers disagree on which value counts)",
    );
    expect(problemOf('{"persons":[{"name":"a"},{"emails":["x"],"name":"b","emails":[]}]}')).toMatch(/^body field 'persons\.1\.emails' is given twice/);
    expect(problemOf('{"a":{"b":[0,[{"c":1}],{"d":1,"d":2}]}}')).toMatch(/^body field 'a\.b\.2\.d' is given twice/);
  });

  it("compares keys as JSON reads them: an escaped spelling is the same key", () => {
    expect(problemOf('{"name":1,"n\\u0061me":2}')).toMatch(/^body field 'name' is given twice/);
  });

  it("takes the same key in different objects, and a key's text as a value", () => {
    expect(problemOf('[{"name":1},{"name":2}]')).toBeNull();
    expect(problemOf('{"a":{"name":1},"name":"name","b":{"name":{"name":"a"}}}')).toBeNull();
    expect(problemOf('{"a":"\\"","b":"\\\\","a\\"":1}')).toBeNull();
  });
});
