/**
 * @module
 * The fields a body accepts where an unknown one was found, read from the operation's zod schema, so that the
 * 400 can list them and name the one a client most likely meant (`email` for `emails`).
 */
import type { z } from "zod";
import damerauLevenshtein from "damerau-levenshtein";

interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
}

const definitionOf = (schema: z.ZodType): SchemaDefinition => (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;

/** Unwraps what does not change the shape: optional, nullable, default, readonly, catch, a pipe's input, a lazy. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 32; depth += 1) {
    const definition = definitionOf(current);
    const next = definition.innerType ?? (definition.type === "pipe" ? definition.in : definition.type === "lazy" ? definition.getter?.() : undefined);
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

/**
 * The schema of the value at `path` (object keys and list indexes) inside what `schema` describes, without its
 * wrappers; null where the path leads to no single schema (a union, or no such field).
 */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | null {
  let current = unwrapped(schema);
  for (const segment of path) {
    const definition = definitionOf(current);
    const next = definition.type === "object" ? definition.shape?.[String(segment)] : definition.type === "array" ? definition.element : undefined;
    if (next === undefined) return null;
    current = unwrapped(next);
  }
  return current;
}

/** The keys of the object `schema` describes at `path`, or null where the path leads to no single object shape (a union). */
export function knownFieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | null {
  const found = schemaAt(schema, path);
  const definition = found === null ? null : definitionOf(found);
  return definition?.type === "object" && definition.shape ? Object.keys(definition.shape) : null;
}

/**
 * The known field a client most likely meant by `unknown`: the same but for case, a plural `s`, `-`/`_`, a
 * prefix, or (for names of 5 letters or more) one letter typed wrong, missing, extra or swapped (`start_at`).
 */
export function likelyMeant(unknown: string, known: readonly string[]): string | null {
  const simplified = (text: string) => text.toLowerCase().replace(/[-_\s]/g, "");
  const wanted = simplified(unknown);
  const candidates = known.filter((field) => {
    const name = simplified(field);
    return (
      name === wanted ||
      name === `${wanted}s` ||
      `${name}s` === wanted ||
      (wanted.length >= 4 && (name.startsWith(wanted) || wanted.startsWith(name))) ||
      // One step changes the length by one at most; the distance's table is as large as the two names' lengths multiplied,
      // so a key of a megabyte took a minute and the server's memory (it was computed against every known name).
      (wanted.length >= 5 && Math.abs(wanted.length - name.length) <= 1 && damerauLevenshtein(wanted, name).steps <= 1)
    );
  });
  return candidates.length === 1 ? candidates[0]! : null;
}
