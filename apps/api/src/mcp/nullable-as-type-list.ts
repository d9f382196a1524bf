/**
 * @module
 * A nullable field written `{"type": [..., "null"]}` rather than `{"anyOf": [..., {"type": "null"}]}`: the same
 * values, in fewer bytes of a tool list that hosts load into a model's context (125 nullable arguments).
 */
import type { JsonSchema } from "../openapi/json-schema.js";
import { mapSchemas } from "./map-schemas.js";

const isNullType = (member: unknown) =>
  typeof member === "object" && member !== null && Object.keys(member).length === 1 && (member as JsonSchema).type === "null";

/**
 * The nullable schema `{anyOf: [typed, {type: "null"}], ...rest}` as `{...typed, ...rest, type: [...types, "null"]}`
 * (`null` added to an enumeration); any other schema as it is. Only where the merge cannot change what is accepted:
 * the other member has a `type` and no combination or reference of its own, and shares no keyword with `rest`.
 */
function mergedNullable(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length !== 2) return schema;
  const typed = members.find((member) => !isNullType(member)) as JsonSchema | undefined;
  if (!typed || !members.some(isNullType)) return schema;
  const types = typeof typed.type === "string" ? [typed.type] : Array.isArray(typed.type) ? (typed.type as string[]) : null;
  if (types === null || types.includes("null") || "const" in typed || ["anyOf", "oneOf", "allOf", "$ref", "not"].some((keyword) => keyword in typed)) return schema;
  const { anyOf: _members, ...rest } = schema;
  if (Object.keys(typed).some((keyword) => keyword in rest)) return schema;
  const merged: JsonSchema = { ...typed, ...rest, type: [...types, "null"] };
  if (Array.isArray(typed.enum)) merged.enum = [...(typed.enum as unknown[]), null];
  return merged;
}

/**
 * `schema` with every nullable subschema written as a type list (`mergedNullable`); accepts exactly what `schema` does.
 *
 * @example
 * nullableAsTypeList({ anyOf: [{ type: "string", maxLength: 300 }, { type: "null" }], description: "Title." })
 * // { type: ["string", "null"], maxLength: 300, description: "Title." }
 */
export function nullableAsTypeList(schema: JsonSchema): JsonSchema {
  return mapSchemas(schema, mergedNullable);
}
