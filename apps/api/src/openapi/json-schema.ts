/**
 * @module
 * zod 4 → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) with zod's own `z.toJSONSchema`,
 * plus the small reshaping a document that holds many schemas needs: definitions (`$defs`, from
 * recursive or registered schemas) hoisted into one shared table, and local references rewritten.
 */
import { z } from "zod";

/** A JSON Schema object, as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * Which side of a schema to describe: `input` is what a client sends (the query strings before
 * their transforms, fields with defaults optional), `output` is what the API answers.
 */
export type SchemaSide = "input" | "output";

/** Converts one zod schema; its `$defs` are moved into `definitions` under `refPrefix` references. */
export function toJsonSchema(
  schema: z.ZodType,
  side: SchemaSide,
  definitions: Record<string, JsonSchema>,
  refPrefix: string,
): JsonSchema {
  const converted = z.toJSONSchema(schema, { io: side, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  delete converted.$schema;
  const localDefinitions = (converted.$defs ?? {}) as Record<string, JsonSchema>;
  delete converted.$defs;
  const renamed = new Map<string, string>();
  for (const [name, definition] of Object.entries(localDefinitions)) {
    let finalName = name;
    let suffix = 2;
    // A name already taken by a different schema gets a numbered sibling, never a silent overwrite.
    while (definitions[finalName] !== undefined && JSON.stringify(definitions[finalName]) !== JSON.stringify(definition)) {
      finalName = `${name}${suffix++}`;
    }
    renamed.set(name, finalName);
  }
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== "object") return node;
    const result: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        if (value === "#") throw new Error(`toJsonSchema: a schema that refers to itself at its root is not supported; give it an id with .meta({ id })`);
        const match = /^#\/\$defs\/(.+)$/.exec(value);
        result[key] = match ? `${refPrefix}${renamed.get(match[1]!) ?? match[1]}` : value;
      } else {
        result[key] = rewrite(value);
      }
    }
    return result;
  };
  for (const [name, definition] of Object.entries(localDefinitions)) {
    definitions[renamed.get(name)!] = rewrite(definition) as JsonSchema;
  }
  return rewrite(converted) as JsonSchema;
}

/** Calls `visit` on every subschema (depth first), so a pass can adjust schemas in place. */
export function walkSchemas(node: unknown, visit: (schema: JsonSchema) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walkSchemas(item, visit);
    return;
  }
  if (node === null || typeof node !== "object") return;
  visit(node as JsonSchema);
  for (const value of Object.values(node)) walkSchemas(value, visit);
}
