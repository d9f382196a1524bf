import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { nullableAsTypeList } from "./nullable-as-type-list.js";

describe("nullableAsTypeList", () => {
  const documented = {
    type: "object",
    properties: {
      title: { anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }], description: "Optional title." },
      stage: { anyOf: [{ type: "string", enum: ["open", "won"] }, { type: "null" }] },
      count: { anyOf: [{ type: ["string", "integer"], pattern: "^\\d+$" }, { type: "null" }] },
      owner: { anyOf: [{ $ref: "#/$defs/Actor" }, { type: "null" }] },
      either: { anyOf: [{ type: "string" }, { type: "integer" }] },
      required: { type: "array", items: { anyOf: [{ type: "object", properties: { note: { anyOf: [{ type: "string" }, { type: "null" }] } } }, { type: "null" }] } },
    },
    $defs: { Actor: { type: "object", properties: { name: { anyOf: [{ type: "string" }, { type: "null" }] } } } },
  };

  it("writes each nullable schema as a type list, null added to an enumeration, and leaves other combinations", () => {
    expect(nullableAsTypeList(documented)).toEqual({
      type: "object",
      properties: {
        title: { type: ["string", "null"], maxLength: 3, description: "Optional title." },
        stage: { type: ["string", "null"], enum: ["open", "won", null] },
        count: { type: ["string", "integer", "null"], pattern: "^\\d+$" },
        owner: { anyOf: [{ $ref: "#/$defs/Actor" }, { type: "null" }] },
        either: { anyOf: [{ type: "string" }, { type: "integer" }] },
        required: { type: "array", items: { type: ["object", "null"], properties: { note: { type: ["string", "null"] } } } },
      },
      $defs: { Actor: { type: "object", properties: { name: { type: ["string", "null"] } } } },
    });
  });

  it("accepts and refuses what the schema did", () => {
    const ajv = new Ajv2020({ strict: false });
    const before = ajv.compile(documented);
    const after = ajv.compile(nullableAsTypeList(documented));
    const values = [
      {},
      { title: null, stage: null, count: null, owner: null },
      { title: "abc", stage: "won", count: "12", owner: { name: null } },
      { title: "abcd" },
      { stage: "lost" },
      { count: "x" },
      { count: 5 },
      { title: 3 },
      { required: [null, { note: null }, { note: "a" }] },
      { required: [{ note: 1 }] },
    ];
    for (const value of values) expect(after(value), JSON.stringify(value)).toBe(before(value));
  });
});
