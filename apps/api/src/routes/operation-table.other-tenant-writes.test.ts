/**
 * Walks every operation that changes nothing (the GETs and the read-only POSTs): its answer to one tenant is byte for
 * byte the same before and after other tenants fill up with records of the same shapes and the same names. So no
 * count, total, sum, facet, statistic, ranking, name suggestion or fuzzy retry takes in another tenant's rows, and
 * no kept answer, index or ranking shared between tenants moves with theirs. Asked again after a restart, each read
 * first by the other tenant (so whatever a process builds on first use is built from theirs), then by the first, the
 * answers are the same again. New operations are covered with no edit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesNothing, type AnyOperation } from "../operations/operation.js";
import { callWithIds, urlOf } from "../testing/foreign-record-calls.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { operations } from "./operations.js";

const reads = operations.filter((operation) => changesNothing(operation));

let context: TestContext;
/** The same database reopened, the other tenants' reads first. */
let restarted: TestContext;
let mine: PopulatedTenant;
let theirs: PopulatedTenant;
/** Each read's answer (status and body) to `mine` while it was the only tenant. */
const alone = new Map<string, string>();
/** Each read's answer to `mine` once other tenants held records. */
const beside = new Map<string, string>();

/** The operation's answer to `tenant`, with its own record ids wherever it takes ids. */
async function answerOf(operation: AnyOperation, tenant: PopulatedTenant = mine, through: TestContext = context): Promise<string> {
  const call = callWithIds(operation, tenant.pathIds);
  const response = await through.request(urlOf(operation, call), { key: tenant.key, method: operation.method.toUpperCase(), body: call.body });
  return `${response.status} ${await response.text()}`;
}

beforeAll(async () => {
  context = await createTestContext();
  mine = await buildPopulatedTenant(context.services, "Mine");
  for (const operation of reads) alone.set(operation.operationId, await answerOf(operation));
  // The same names as ours (a name search, a suggestion or a fuzzy retry would find them), and others.
  await buildPopulatedTenant(context.services, "Mine");
  theirs = await buildPopulatedTenant(context.services, "Theirs");
  for (const operation of reads) beside.set(operation.operationId, await answerOf(operation));
  await context.services.store.close();
  restarted = await createTestContext({ databasePath: context.databasePath });
});
afterAll(async () => {
  await restarted.close();
  await context.close();
});

describe.each(reads.map((operation) => [operation.operationId, operation] as const))("%s", (_id, operation) => {
  it("answers one tenant as it did before other tenants held records of the same shapes and names", async () => {
    expect(alone.get(operation.operationId)).toMatch(/^200 /);
    expect(beside.get(operation.operationId)).toBe(alone.get(operation.operationId));
  });

  it("answers one tenant the same after a restart whose first reads were another tenant's", async () => {
    expect(await answerOf(operation, theirs, restarted)).toMatch(/^200 /);
    expect(await answerOf(operation, mine, restarted)).toBe(alone.get(operation.operationId));
  });
});
