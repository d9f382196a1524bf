/** @module The fields an object of a call shape takes, found by the path of a zod issue: what a refusal of an unknown field lists. */
import { z } from "zod";

/** The schema inside optional, nullable and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner;
}

/** The schema of `schema`'s part at `key` (a tuple's item, an object's field, an array's element), or undefined. */
function partAt(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  const inner = unwrapped(schema);
  if (inner instanceof z.ZodTuple && typeof key === "number") return (inner.def.items[key] ?? inner.def.rest ?? undefined) as z.ZodType | undefined;
  if (inner instanceof z.ZodArray && typeof key === "number") return inner.element as z.ZodType;
  if (inner instanceof z.ZodObject) return inner.shape[String(key)] as z.ZodType | undefined;
  return undefined;
}

/**
 * The field names the object at `path` of `schema` takes, in the shape's order; empty when the path leads to no plain
 * object (a union's option is not followed).
 *
 * @example acceptedFields(shape.schema, [1, "filters"]); // ["uuids", "modified_since", "name", "company_uuid", "city", ...]
 */
export function acceptedFields(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    if (current === undefined) return [];
    current = partAt(current, key);
  }
  const inner = current === undefined ? undefined : unwrapped(current);
  return inner instanceof z.ZodObject ? Object.keys(inner.shape) : [];
}
