/**
 * Walks every query parameter of the operation table with numbers past a double, as a client's unchecked input sends
 * them: each schema refuses them (a 400 naming the parameter) or reads them as a finite number. And with one number
 * written as clients print it: a parameter reading `10` as a number reads `1e1`, `1E+1` and `10.0` as that number too
 * (`per_page=1e2` was a 400 where `value_from=1e2` was read). A digits-only pattern
 * let them through as Infinity, which the store refused in its own words (`companies.list:
 * "request.filters.score.from" must be a number; got Infinity`), naming no parameter the client sent. Read by the
 * schemas alone, so the whole table costs milliseconds; one such request goes over HTTP in list-companies.test.ts.
 * New parameters are covered with no edit here.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "../operations/validate-input.js";
import { operations } from "./operations.js";

/** Text of numbers past a double, which `Number` reads as ±Infinity. */
const PAST_A_DOUBLE = ["9".repeat(400), "-".concat("9".repeat(400)), "9".repeat(400).concat(".5")];

/** The paths in a parsed value holding a number that is not finite. */
function nonFiniteNumbers(value: unknown, path = "query"): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => nonFiniteNumbers(item, `${path}.${index}`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => nonFiniteNumbers(item, `${path}.${key}`));
  return [];
}

/** `10` as clients print it: JavaScript's exponent form of a large number, Python's float. */
const TEN_PRINTED = ["1e1", "1E+1", "10.0", " 10 "];

const withQuery = operations.filter((operation) => Object.keys(operation.query?.shape ?? {}).length > 0);

describe.each(withQuery.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it.each(Object.keys(operation.query!.shape))("refuses %s past a double or reads it as a finite number", (name) => {
    for (const value of PAST_A_DOUBLE) {
      const parsed = operation.query!.safeParse({ ...operation.example?.query, [name]: value });
      if (parsed.success) expect(nonFiniteNumbers(parsed.data), `${operation.operationId} ${name}=${value.slice(0, 12)}…`).toEqual([]);
    }
  });
});

describe.each(withQuery.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it.each(Object.keys(operation.query!.shape))("reads %s written 1e1 or 10.0 as it reads 10", (name) => {
    const read = (value: string) => {
      const parsed = operation.query!.safeParse({ ...operation.example?.query, [name]: value });
      return parsed.success ? (parsed.data as Record<string, unknown>)[name] : "refused";
    };
    if (typeof read("10") !== "number") return;
    for (const printed of TEN_PRINTED) expect(read(printed), `${operation.operationId} ${name}=${printed}`).toEqual(read("10"));
  });
});

/** The listed values of a query parameter taking one of an enumeration (booleans' `true` and `false` too). */
function listedValues(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { enum?: unknown[] };
  return (json.enum ?? []).filter((value): value is string => typeof value === "string" && /[a-z]/i.test(value));
}

/** `value` in another case: upper case, or lower case for a value that is upper case already. */
const inAnotherCase = (value: string) => (value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase());

// One rule for every enumeration (case-meant.ts): its values taken as the documents list them, and a listed value sent
// in another case told the one to send, whichever operation and parameter.
describe.each(withQuery.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it.each(Object.keys(operation.query!.shape))("takes %s's listed values as listed, and tells another case the value to send", (name) => {
    const values = listedValues(operation.query!.shape[name] as z.ZodType);
    for (const value of values) {
      const query = { ...operation.example?.query, [name]: value };
      expect(() => parseInput(operation.query!, query, "query parameter")).not.toThrow();
      const sent = inAnotherCase(value);
      if (values.includes(sent)) continue;
      expect(() => parseInput(operation.query!, { ...query, [name]: sent }, "query parameter"), `${name}=${sent}`).toThrow(
        `query parameter '${name}': values are case-sensitive: send '${values.find((listed) => listed.toLowerCase() === sent.toLowerCase())}' for '${sent}'`,
      );
    }
  });
});
