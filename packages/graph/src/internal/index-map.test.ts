import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IndexMap, indexMapPerKey } from "./index-map.js";

describe("IndexMap", () => {
  it("holds values by key within a call, lists them in first-set order, and forgets them at the next call", () => {
    const map = new IndexMap<string>();
    map.begin(10);
    expect(map.get(7)).toBeUndefined();
    expect(map.set(7, "seven")).toBe("seven");
    map.set(2, "two");
    map.set(7, "SEVEN");
    expect([map.get(7), map.get(2), map.get(3)]).toEqual(["SEVEN", "two", undefined]);
    expect(map.values).toEqual(["SEVEN", "two"]);
    map.begin(10);
    expect(map.get(7)).toBeUndefined();
    expect(map.values).toEqual([]);
  });

  it("grows for a larger capacity and forgets what it held", () => {
    const map = new IndexMap<number>();
    map.begin(2);
    map.set(1, 1);
    map.begin(100);
    expect(map.get(1)).toBeUndefined();
    map.set(99, 99);
    expect(map.get(99)).toBe(99);
  });

  it("behaves as a Map over any sequence of calls", () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("begin" as const) }),
      fc.record({ kind: fc.constant("set" as const), key: fc.integer({ min: 0, max: 15 }), value: fc.integer() }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 60 }), (operations) => {
        const map = new IndexMap<number>();
        map.begin(16);
        let expected = new Map<number, number>();
        for (const step of operations) {
          if (step.kind === "begin") {
            map.begin(16);
            expected = new Map();
          } else {
            map.set(step.key, step.value);
            expected.set(step.key, step.value);
          }
          for (let key = 0; key < 16; key += 1) expect(map.get(key)).toBe(expected.get(key));
          expect(map.values).toEqual([...expected.values()]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("gives each key its own map, the same one call after call", () => {
    const mapOf = indexMapPerKey<object, string>();
    const first = {};
    const second = {};
    expect(mapOf(first)).toBe(mapOf(first));
    expect(mapOf(first)).not.toBe(mapOf(second));
    mapOf(first).begin(4);
    mapOf(first).set(2, "two");
    expect(mapOf(first).get(2)).toBe("two");
    mapOf(second).begin(4);
    expect(mapOf(second).get(2)).toBeUndefined();
  });
});
