import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { structuralSchema } from "./structural-schema.js";

describe("structuralSchema", () => {
  const documented = {
    type: "object",
    description: "A person.",
    properties: {
      uuid: { type: "string", pattern: "^[0-9a-f-]{36}$", description: "Its UUID." },
      description: { type: ["string", "null"], maxLength: 10, description: "A field named like a keyword." },
      rq: { type: "number", minimum: 0, maximum: 1, description: "Relationship quality, 0.0-1.0." },
      tags: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 3 },
      counts: { type: "object", additionalProperties: { type: "integer", minimum: 0 } },
      owner: { anyOf: [{ $ref: "#/$defs/Actor" }, { type: "null" }], description: "Who owns it." },
      kind: { type: "string", enum: ["USER", "PERSON"], examples: ["USER"] },
    },
    required: ["uuid", "description", "rq", "tags", "counts", "owner", "kind"],
    additionalProperties: false,
    $defs: { Actor: { type: "object", title: "Actor", properties: { uuid: { type: "string", format: "uuid" } }, required: ["uuid"], additionalProperties: false } },
  };

  it("keeps types, properties, items, combinations, enumerations, required fields and references, nothing else", () => {
    expect(structuralSchema(documented)).toEqual({
      type: "object",
      properties: {
        uuid: { type: "string" },
        description: { type: ["string", "null"] },
        rq: { type: "number" },
        tags: { type: "array", items: { type: "string" } },
        counts: { type: "object", additionalProperties: { type: "integer" } },
        owner: { anyOf: [{ $ref: "#/$defs/Actor" }, { type: "null" }] },
        kind: { type: "string", enum: ["USER", "PERSON"] },
      },
      required: ["uuid", "description", "rq", "tags", "counts", "owner", "kind"],
      $defs: { Actor: { type: "object", properties: { uuid: { type: "string" } }, required: ["uuid"] } },
    });
  });

  it("keeps oneOf alternatives as anyOf, since alternatives told apart by a pattern would overlap without it", () => {
    const documented = { oneOf: [{ type: "string", pattern: "^a" }, { type: "string", pattern: "^b" }], anyOf: [{ type: "string" }, { type: "null" }] };
    const structure = structuralSchema(documented);
    expect(structure).toEqual({ allOf: [{ anyOf: [{ type: "string" }, { type: "string" }] }], type: ["string", "null"] });
    const check = new Ajv2020({ strict: true, allErrors: true, validateFormats: false }).compile(structure);
    expect([check("abc"), check("bcd"), check(1)]).toEqual([true, true, false]);
  });

  it("writes alternatives that are types alone as one list of types, as zod's nullable integer (a *_at field)", () => {
    const nullableTime = { anyOf: [{ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 }, { type: "null" }], description: "Epoch ms." };
    expect(structuralSchema(nullableTime)).toEqual({ type: ["integer", "null"] });
    const owner = { anyOf: [{ $ref: "#/$defs/Actor" }, { type: "null" }] };
    expect(structuralSchema(owner)).toEqual(owner);
  });

  it("accepts what the documented schema accepts and still refuses a missing field or a wrong type", () => {
    const check = new Ajv2020({ strict: true, allErrors: true, validateFormats: false }).compile(structuralSchema(documented));
    const valid = { uuid: "u", description: null, rq: 0.5, tags: ["a"], counts: { a: 1 }, owner: { uuid: "u" }, kind: "USER" };
    expect(check(valid)).toBe(true);
    expect(check({ ...valid, added_later: 1 })).toBe(true);
    expect(check({ ...valid, rq: "high" })).toBe(false);
    expect(check({ ...valid, kind: "TEAM" })).toBe(false);
    const { uuid: _uuid, ...withoutUuid } = valid;
    expect(check(withoutUuid)).toBe(false);
  });
});
