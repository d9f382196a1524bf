/**
 * @module
 * A JSON Schema rewritten subschema by subschema, knowing which keywords hold schemas: a property named like a
 * keyword (`required`, `default`) is a name, and an enumeration's or default's value is data, never rewritten.
 */
import type { JsonSchema } from "../openapi/json-schema.js";

/** Keywords whose value maps names to schemas, lists schemas, or is one schema; every other value is data. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs"]);
const SCHEMA_LISTS = new Set(["anyOf", "allOf", "oneOf", "prefixItems"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties", "propertyNames", "contains", "not"]);

/**
 * `schema` with `transform` applied to every subschema, innermost first, and then to `schema` itself.
 *
 * @example
 * mapSchemas({ type: "object", properties: { a: { type: "string", title: "A" } } }, ({ title, ...rest }) => rest)
 * // { type: "object", properties: { a: { type: "string" } } }
 */
export function mapSchemas(schema: JsonSchema, transform: (schema: JsonSchema) => JsonSchema): JsonSchema {
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
    if (SCHEMA_MAPS.has(keyword) && isObject) {
      result[keyword] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, member]) => [name, mapSchemas(member, transform)]));
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
      result[keyword] = (value as JsonSchema[]).map((member) => mapSchemas(member, transform));
    } else if (SCHEMA_VALUES.has(keyword) && isObject) {
      result[keyword] = mapSchemas(value as JsonSchema, transform);
    } else {
      result[keyword] = value;
    }
  }
  return transform(result);
}
