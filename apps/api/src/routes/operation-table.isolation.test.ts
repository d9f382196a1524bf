/**
 * Walks the whole operation table: every operation, called by one tenant with another tenant's
 * record ids (in the path, uuid filters and uuid body fields), answers exactly as it does for ids
 * that exist nowhere (404 or an empty result): the same status, body and headers, so neither the
 * other tenant's data nor the existence of its records shows. The same for ids of records the other
 * tenant had and merged away or deleted. New operations are covered with no edit here; the MCP half
 * is operation-table.isolation.mcp.e2e.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnyOperation } from "../operations/operation.js";
import { buildTenantOfGoneRecords, callWithIds, urlOf, withPlaceholders } from "../testing/foreign-record-calls.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { operations } from "./operations.js";

let context: TestContext;
let mine: PopulatedTenant;
let theirs: PopulatedTenant;
/** Another tenant whose records are gone (merged away, deleted): their ids are as unknown to `mine` as any. */
let former: PopulatedTenant;

beforeAll(async () => {
  context = await createTestContext();
  mine = await buildPopulatedTenant(context.services, "Mine");
  theirs = await buildPopulatedTenant(context.services, "Theirs");
  former = await buildTenantOfGoneRecords(context, "Former");
});
afterAll(() => context.close());

interface Call {
  status: number;
  text: string;
  /** The headers but those that differ between any two calls, one a line, sorted. */
  headers: string;
  usedIds: boolean;
}

/** Headers that differ between any two calls whatever they name: each request's id and the rate limits' countdown. */
const PER_CALL_HEADERS = new Set(["x-request-id", "x-ratelimit-remaining", "x-ratelimit-remaining-monthly", "date"]);

function headersOf(response: Response): string {
  return [...response.headers]
    .filter(([name]) => !PER_CALL_HEADERS.has(name))
    .map(([name, value]) => `${name}: ${value}`)
    .sort()
    .join("\n");
}

/** Calls the operation as `mine` with the record ids in `ids` wherever the operation takes ids. */
async function callWith(operation: AnyOperation, ids: Record<string, string>): Promise<Call> {
  const call = callWithIds(operation, ids);
  const response = await context.request(urlOf(operation, call), { key: mine.key, method: operation.method.toUpperCase(), body: call.body });
  return { status: response.status, text: await response.text(), headers: headersOf(response), usedIds: call.usedIds };
}

/** Calls with the other tenant's ids and with ids that exist nowhere, and expects the two answers to be one. */
async function expectAsUnknown(operation: AnyOperation, other: PopulatedTenant): Promise<void> {
  const foreign = await callWith(operation, other.pathIds);
  expect(foreign.status, foreign.text).toBeLessThan(500);
  const names = other.secrets.filter((secret) => !Object.values(other.pathIds).includes(secret) && secret !== other.tenant.uuid);
  for (const secret of [...names, other.tenant.uuid]) {
    expect(foreign.text, `${operation.operationId} leaked ${secret}`).not.toContain(secret);
    expect(foreign.headers, `${operation.operationId} leaked ${secret} in a header`).not.toContain(secret);
  }
  if (foreign.usedIds) {
    const nowhere = Object.fromEntries(Object.keys(other.pathIds).map((name) => [name, randomUUID()]));
    const missing = await callWith(operation, nowhere);
    expect(foreign.status, `${operation.operationId}: ${foreign.text}`).toBe(missing.status);
    expect(withPlaceholders(foreign.text, other.pathIds)).toBe(withPlaceholders(missing.text, nowhere));
    expect(withPlaceholders(foreign.headers, other.pathIds)).toBe(withPlaceholders(missing.headers, nowhere));
  }
  if (operation.path.includes("{")) expect([400, 404], foreign.text).toContain(foreign.status);
}

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it("answers another tenant's record ids exactly as ids that exist nowhere", async () => {
    await expectAsUnknown(operation, theirs);

    // The owner sees its own record through the same operation: the answer above is isolation.
    if (operation.method === "get") {
      const own = await context.request(urlOf(operation, { ...callWithIds(operation, theirs.pathIds), query: { ...(operation.example?.query ?? {}) } }), {
        key: theirs.key,
      });
      expect(own.status, `${operation.operationId} for the owner`).toBe(200);
    }
  });

  it("answers the ids of another tenant's merged-away and deleted records exactly as ids that exist nowhere", async () => {
    await expectAsUnknown(operation, former);
  });
});
