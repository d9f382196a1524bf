/**
 * @module
 * Input validation from an operation's zod schemas, with messages that say where and what: unknown
 * or repeated query parameters are rejected too, so a typo never silently widens a result.
 */
import { z } from "zod";
import { badRequest } from "../platform/errors/api-error.js";

export type InputLocation = "path parameter" | "query parameter" | "body";

function describeIssue(location: InputLocation, issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join(".");
  if (location === "body") return path ? `body field '${path}': ${issue.message}` : `body: ${issue.message}`;
  return `${location} '${path}': ${issue.message}`;
}

/** Parses `input` with `schema`, or throws a 400 naming the first problem. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  location: InputLocation,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [first] = result.error.issues;
  throw badRequest(first ? describeIssue(location, first) : `${location}: invalid`);
}

/** Collects query parameters, rejecting names the operation does not take and repeated names. */
export function collectQuery(
  schema: z.ZodObject<z.ZodRawShape> | undefined,
  queries: Record<string, string[]>,
): Record<string, string> {
  const known = new Set(Object.keys(schema?.shape ?? {}));
  const collected: Record<string, string> = {};
  for (const [name, values] of Object.entries(queries)) {
    if (!known.has(name)) {
      const accepted = [...known].join(", ") || "none";
      throw badRequest(`unknown query parameter '${name}'; this operation accepts: ${accepted}`);
    }
    if (values.length > 1) throw badRequest(`query parameter '${name}' is given ${values.length} times; give it once`);
    collected[name] = values[0] ?? "";
  }
  return collected;
}
