/**
 * @module
 * A tool's output schema as the structure of its answer only: what a client checks structured content against,
 * without the prose and value limits that make up most of a documented answer schema's size.
 */
import type { JsonSchema } from "../openapi/json-schema.js";

/** Keywords that say what shape a value has; every other one (descriptions, examples, patterns, bounds) is dropped. */
const STRUCTURAL_KEYWORDS = new Set(["type", "properties", "items", "prefixItems", "anyOf", "oneOf", "allOf", "enum", "const", "required", "$ref", "$defs", "additionalProperties"]);

/** Combinations whose members are schemas, kept as lists. */
const SCHEMA_LISTS = new Set(["anyOf", "allOf", "prefixItems"]);

/** Keywords whose value maps names to schemas, so its keys are names, not keywords. */
const SCHEMA_MAPS = new Set(["properties", "$defs"]);

/**
 * The structure of `schema`: types, properties, items, combinations, enumerations, constants, required fields and
 * references. A field's description, examples, pattern, length and range bounds, and `additionalProperties: false`
 * are left out: the server writes the answer, so checking its values against limits finds nothing, and a client
 * that refuses a field added later (what `additionalProperties: false` asks) breaks on a compatible change.
 * `additionalProperties` given as a schema (a record's values) stays: it is structure. `oneOf` becomes an `anyOf`
 * (under `allOf`), since dropped limits may make its alternatives overlap. The result accepts every value the schema
 * accepts.
 *
 * @example
 * structuralSchema({ type: "object", description: "A person.", properties: { rq: { type: "number", minimum: 0, description: "RQ." } }, required: ["rq"], additionalProperties: false })
 * // { type: "object", properties: { rq: { type: "number" } }, required: ["rq"] }
 */
export function structuralSchema(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!STRUCTURAL_KEYWORDS.has(keyword) || (keyword === "additionalProperties" && typeof value === "boolean")) continue;
    if (SCHEMA_MAPS.has(keyword)) {
      result[keyword] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, member]) => [name, structuralSchema(member)]));
    } else if (SCHEMA_LISTS.has(keyword)) {
      result[keyword] = [...((result[keyword] as JsonSchema[] | undefined) ?? []), ...(value as JsonSchema[]).map(structuralSchema)];
    } else if (keyword === "oneOf") {
      // Alternatives told apart only by what is dropped (a pattern, a bound) would overlap, and a value matching two
      // fails `oneOf`: kept as `anyOf`, which accepts every value `oneOf` did.
      const alternatives = { anyOf: (value as JsonSchema[]).map(structuralSchema) };
      result.allOf = [...((result.allOf as JsonSchema[] | undefined) ?? []), alternatives];
    } else if ((keyword === "items" || keyword === "additionalProperties") && typeof value === "object" && value !== null) {
      result[keyword] = structuralSchema(value as JsonSchema);
    } else {
      result[keyword] = value;
    }
  }
  return typeUnion(result);
}

/** `anyOf` members that are each a bare `type` (`integer` or `null`, as zod writes a nullable integer) as one `type` list. */
function typeUnion(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf as JsonSchema[] | undefined;
  if (members === undefined || "type" in schema || !members.every((member) => Object.keys(member).length === 1 && "type" in member)) return schema;
  const { anyOf: _bareTypes, ...rest } = schema;
  return { ...rest, type: [...new Set(members.flatMap((member) => member.type as string | string[]))] };
}
