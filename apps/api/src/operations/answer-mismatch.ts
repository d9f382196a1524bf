/**
 * @module
 * Whether an answer, as it is sent, is what its response schema documents: the check behind `validateResponses`.
 */
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";

/** The path of the first place where two JSON values differ (`""` for the root), or null when they are equal. */
function firstDifference(sent: unknown, documented: unknown, path = ""): string | null {
  if (isDeepStrictEqual(sent, documented)) return null;
  if (typeof sent !== "object" || sent === null || typeof documented !== "object" || documented === null) return path;
  if (Array.isArray(sent) !== Array.isArray(documented)) return path;
  const keys = new Set([...Object.keys(sent), ...Object.keys(documented)]);
  for (const key of keys) {
    const difference = firstDifference((sent as Record<string, unknown>)[key], (documented as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
    if (difference !== null) return difference;
  }
  return path;
}

/**
 * Why `answer`, sent as JSON, does not match `schema`, or null when it does. Parsing alone is not enough: zod drops
 * fields its objects do not list and fills in defaults, while the documented JSON Schema (what REST clients and MCP
 * clients checking structured content hold answers to) forbids other fields and requires defaulted ones, and the
 * answer is sent as the handler made it. So the parsed value must also be the sent one.
 */
export function answerMismatch(schema: z.ZodType, answer: unknown): string | null {
  const sent: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const parsed = schema.safeParse(sent);
  if (!parsed.success) return parsed.error.message;
  const documented: unknown = parsed.data === undefined ? undefined : JSON.parse(JSON.stringify(parsed.data));
  const difference = firstDifference(sent, documented);
  if (difference === null) return null;
  const where = difference === "" ? "the answer" : `'${difference}'`;
  const value = (source: unknown) => difference.split(".").filter(Boolean).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
  return value(documented) === undefined
    ? `${where} is not in the schema`
    : value(sent) === undefined
      ? `${where} is missing (the schema fills it in)`
      : `${where} is sent as ${JSON.stringify(value(sent))?.slice(0, 100)} but documented as ${JSON.stringify(value(documented))?.slice(0, 100)}`;
}
