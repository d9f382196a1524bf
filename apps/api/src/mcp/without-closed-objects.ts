/**
 * @module
 * A tool's input schema without `additionalProperties: false`. An unknown body field then reaches the operation,
 * whose 400 names it, lists the accepted fields and the one most likely meant (`email` for `emails`): what an agent
 * needs to call again, where a client checking the schema would refuse the call in its own words. The tool list is
 * also lighter by it (55 bodies and nested objects).
 */
import type { JsonSchema } from "../openapi/json-schema.js";
import { mapSchemas } from "./map-schemas.js";

/**
 * `schema` with every `additionalProperties: false` left out; `additionalProperties` given as a schema (a record's
 * values) stays.
 *
 * @example
 * withoutClosedObjects({ type: "object", properties: { name: { type: "string" } }, additionalProperties: false })
 * // { type: "object", properties: { name: { type: "string" } } }
 */
export function withoutClosedObjects(schema: JsonSchema): JsonSchema {
  return mapSchemas(schema, (subschema) => {
    if (subschema.additionalProperties !== false) return subschema;
    const { additionalProperties: _closed, ...open } = subschema;
    return open;
  });
}
