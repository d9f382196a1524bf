/**
 * Walks every operation that changes nothing (the GETs and the read-only POSTs): its answer to one tenant is byte for
 * byte the same before and after other tenants fill up with records of the same shapes and the same names. So no
 * count, total, sum, facet, statistic, ranking, name suggestion or fuzzy retry takes in another tenant's rows, and
 * no kept answer, index or ranking shared between tenants moves with theirs. New operations are covered with no edit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesNothing, type AnyOperation } from "../operations/operation.js";
import { callWithIds, urlOf } from "../testing/foreign-record-calls.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { operations } from "./operations.js";

const reads = operations.filter((operation) => changesNothing(operation));

let context: TestContext;
let mine: PopulatedTenant;
/** Each read's answer (status and body) to `mine` while it was the only tenant. */
const alone = new Map<string, string>();

/** The operation's answer to `mine`, with its own record ids wherever it takes ids. */
async function answerOf(operation: AnyOperation): Promise<string> {
  const call = callWithIds(operation, mine.pathIds);
  const response = await context.request(urlOf(operation, call), { key: mine.key, method: operation.method.toUpperCase(), body: call.body });
  return `${response.status} ${await response.text()}`;
}

beforeAll(async () => {
  context = await createTestContext();
  mine = await buildPopulatedTenant(context.services, "Mine");
  for (const operation of reads) alone.set(operation.operationId, await answerOf(operation));
  // The same names as ours (a name search, a suggestion or a fuzzy retry would find them), and others.
  await buildPopulatedTenant(context.services, "Mine");
  await buildPopulatedTenant(context.services, "Theirs");
});
afterAll(() => context.close());

describe.each(reads.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it("answers one tenant as it did before other tenants held records of the same shapes and names", async () => {
    expect(alone.get(operation.operationId)).toMatch(/^200 /);
    expect(await answerOf(operation)).toBe(alone.get(operation.operationId));
  });
});
