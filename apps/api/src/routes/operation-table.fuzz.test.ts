/**
 * Walks the whole operation table with generated bad input (fast-check): malformed path ids,
 * junk query parameters, wrong types and unknown enum values, missing body fields, oversized
 * strings and arrays. Every answer is a 4xx with a JSON `{"error"}` body, never a 5xx. New
 * operations are covered with no edit here.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyOperation } from "../operations/operation.js";
import { isUuid } from "../platform/request/uuid-pattern.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { operations } from "./operations.js";

const RUNS = 25;
let context: TestContext;
let tenant: PopulatedTenant;

beforeAll(async () => {
  context = await createTestContext();
  tenant = await buildPopulatedTenant(context.services, "Fuzz");
});
afterAll(() => context.close());

interface Call {
  pathIds?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
}

async function send(operation: AnyOperation, call: Call) {
  // Each call in its own second, so the per-second limit never interferes.
  context.clock.advance(1_000);
  const ids = { ...tenant.pathIds, ...call.pathIds };
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(ids[name] ?? ""));
  const search = new URLSearchParams(call.query ?? operation.example?.query ?? {}).toString();
  const response = await context.request(search ? `${path}?${search}` : path, {
    key: tenant.key,
    method: operation.method.toUpperCase(),
    // `"body" in call`, not `??`: a generated null body must be sent as null, not replaced by the example.
    body: call.rawBody ?? (operation.body ? ("body" in call ? call.body : (operation.example?.body ?? {})) : undefined),
  });
  const text = await response.text();
  expect(response.status, `${operation.operationId} → ${response.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (!response.ok) {
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["error"]);
    expect(typeof body.error).toBe("string");
    expect((body.error as string).length).toBeGreaterThan(0);
  }
  return response.status;
}

const expectClientError = (status: number) => expect(status).toBeGreaterThanOrEqual(400);
const junkText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("", " ", "-1", "1e309", "NaN", "null", "[]", "{}", "%", "../"));

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  const queryShape = (operation.query?.shape ?? {}) as Record<string, { safeParse(value: unknown): { success: boolean } }>;
  const queryNames = Object.keys(queryShape);

  if (pathNames.length > 0) {
    it("answers 4xx for malformed path ids", async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...pathNames), junkText.filter((text) => !isUuid(text)), async (name, value) => {
          expectClientError(await send(operation, { pathIds: { [name]: value } }));
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("answers 400 for query parameters it does not take", async () => {
    const junkName = fc.string({ minLength: 1, maxLength: 20 }).filter((name) => !queryNames.includes(name));
    await fc.assert(
      fc.asyncProperty(junkName, junkText, async (name, value) => {
        expect(await send(operation, { query: { [name]: value } })).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });

  if (queryNames.length > 0) {
    it("answers 400 for query values of the wrong type or outside an enum, never 5xx", async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...queryNames), junkText, async (name, value) => {
          const status = await send(operation, { query: { ...operation.example?.query, [name]: value } });
          if (!queryShape[name]!.safeParse(value).success) expect(status).toBe(400);
        }),
        { numRuns: RUNS },
      );
    });
  }

  if (operation.body) {
    it("answers 400 for bodies of the wrong shape, never 5xx", async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
          // Encoded here: the harness sends a string body as it is, so the string "{}" would arrive as an object.
          const status = await send(operation, { rawBody: JSON.stringify(value) });
          if (!operation.body!.safeParse(value).success) expect(status).toBe(400);
        }),
        { numRuns: RUNS },
      );
    });
  }

  if (operation.body && operation.example?.body) {
    it("answers 400 for missing, mistyped and oversized body fields", async () => {
      const example = operation.example!.body as Record<string, unknown>;
      const fieldNames = Object.keys(example);
      const mutation = fc.oneof(
        fc.record({ kind: fc.constant("drop" as const), field: fc.constantFrom(...fieldNames) }),
        fc.record({ kind: fc.constant("retype" as const), field: fc.constantFrom(...fieldNames), value: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.object()) }),
        fc.record({ kind: fc.constant("oversize" as const), field: fc.constantFrom(...fieldNames) }),
      );
      type Change = typeof mutation extends fc.Arbitrary<infer Value> ? Value : never;
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          const body: Record<string, unknown> = { ...example };
          if (change.kind === "drop") delete body[change.field];
          if (change.kind === "retype") body[change.field] = change.value;
          if (change.kind === "oversize") {
            const original = example[change.field];
            body[change.field] = Array.isArray(original)
              ? Array.from({ length: 1_000 }, (_unused, index) => original[index % Math.max(1, original.length)] ?? "x")
              : "x".repeat(100_000);
          }
          const status = await send(operation, { body });
          // Judged on what was sent: JSON drops undefined values ({"": undefined} arrives as {}).
          if (!operation.body!.safeParse(JSON.parse(JSON.stringify(body))).success) expect(status).toBe(400);
        }),
        // Always tried: an object whose only key is undefined, which a run once drew for an object field.
        { numRuns: RUNS, examples: fieldNames.map((field): [Change] => [{ kind: "retype", field, value: { "": undefined } } as Change]) },
      );
    });
  }

  if (operation.body) {
    it("answers 4xx for a body that is not JSON", async () => {
      expectClientError(await send(operation, { rawBody: "{truncated" }));
    });
  }
});
