/**
 * @module
 * Every field an operation takes outside its path, found by walking its zod schemas: query parameters,
 * JSON body fields at any depth and multipart text fields. Table-walking suites use it to reach each
 * field of each operation without a hand-kept list.
 */
import type { z } from "zod";
import type { AnyOperation } from "../operations/operation.js";

/** Where a field travels. */
export type FieldLocation = "query" | "body" | "form";

/**
 * A field, its place written `location.a[].b`: `[]` stands for every element of a list and `{}` for
 * the keys of an object whose keys are free (a record), so `body.custom_fields{}` is a key sent there.
 */
export interface RequestField {
  location: FieldLocation;
  /** The steps from the location down to the field: names, `[]` and `{}`. */
  steps: string[];
  /** `location.steps`, as written above: the field's name in messages and classification tables. */
  place: string;
  /** The field's schema (absent for a multipart text field taken as plain text). */
  schema?: z.ZodType;
}

/** The zod schema type names that wrap one inner schema without changing which fields it has. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional", "lazy"]);

// zod 4 keeps a schema's kind and parts in `_zod.def`; its public types do not expose them generically.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SchemaDefinition = Record<string, any> & { type: string };
const definitionOf = (schema: z.ZodType): SchemaDefinition => (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

/** The schema under wrappers and transforms: what a value must look like before any transform. */
export function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const definition = definitionOf(current);
    if (WRAPPERS.has(definition.type)) current = definition.type === "lazy" ? definition.getter() : definition.innerType;
    else if (definition.type === "pipe") current = definition.in;
    else return current;
  }
}

/** The schema kind (`string`, `object`, `array`, `enum`, `unknown`, ...) under wrappers and transforms. */
export const schemaKind = (schema: z.ZodType): string => definitionOf(unwrapped(schema)).type;

/** The values an enum schema allows, or [] for any other schema. */
export function enumValues(schema: z.ZodType): string[] {
  const definition = definitionOf(unwrapped(schema));
  return definition.type === "enum" ? (Object.values(definition.entries) as string[]) : [];
}

function fieldsUnder(schema: z.ZodType, location: FieldLocation, steps: string[]): RequestField[] {
  const inner = unwrapped(schema);
  const definition = definitionOf(inner);
  const here: RequestField[] = steps.length > 0 ? [{ location, steps, place: placeOf(location, steps), schema }] : [];
  switch (definition.type) {
    case "object":
      return [
        ...here,
        ...Object.entries(definition.shape as Record<string, z.ZodType>).flatMap(([name, field]) => fieldsUnder(field, location, [...steps, name])),
      ];
    case "array":
      return [...here, ...fieldsUnder(definition.element, location, [...steps, "[]"])];
    case "record":
      return [...here, { location, steps: [...steps, "{}"], place: placeOf(location, [...steps, "{}"]), schema: definition.keyType }, ...fieldsUnder(definition.valueType, location, [...steps, "{}", "value"])];
    case "union": {
      const members = (definition.options as z.ZodType[]).flatMap((option) => fieldsUnder(option, location, steps));
      // A field that is text or an object is listed once for itself, then once for each field of the object.
      const seen = new Set(here.map((field) => field.place));
      return [...here, ...members.filter((field) => !seen.has(field.place) && (seen.add(field.place), true))];
    }
    default:
      return here;
  }
}

function placeOf(location: FieldLocation, steps: string[]): string {
  return `${location}.${steps.join(".").replace(/\.\[\]/g, "[]").replace(/\.\{\}/g, "{}")}`;
}

/** Every query parameter, JSON body field (at any depth) and multipart text field of `operation`. */
export function requestFields(operation: AnyOperation): RequestField[] {
  const fields: RequestField[] = [];
  for (const [name, schema] of Object.entries((operation.query?.shape ?? {}) as Record<string, z.ZodType>)) {
    fields.push(...fieldsUnder(schema, "query", [name]));
  }
  if (operation.body) fields.push(...fieldsUnder(operation.body, "body", []));
  for (const [name, field] of Object.entries(operation.multipart?.fields ?? {})) {
    if (field.kind === "text") fields.push({ location: "form", steps: [name], place: placeOf("form", [name]), schema: field.schema });
  }
  return fields;
}
