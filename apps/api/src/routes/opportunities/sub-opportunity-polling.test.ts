/**
 * A parent opportunity's `children_metadata` sums its sub-opportunities: creating, re-valuing or deleting one
 * changes the parent's record, so an `updated_after` poller must get the parent again.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { buildOpportunity, buildPipeline, type Pipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let pipeline: Pipeline;
let call: ReturnType<typeof apiCaller>;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  pipeline = await buildPipeline(context.services, acme);
  call = apiCaller(context, () => acme.key);
});
afterEach(() => context.close());

type Pulled = { uuid: string; updated_at: number; children_metadata: { count: number; value_sum: number } };
const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();

/** The opportunities an `updated_after` pull from just after the last write brings, after `write` ran a minute later. */
async function pulledAfter(write: () => Promise<void>): Promise<Pulled[]> {
  const watermark = context.clock.now() + 1;
  context.clock.advance(60_000);
  await write();
  const answer = await call(`/v1/opportunities?updated_after=${iso(watermark)}`);
  expect(answer.status).toBe(200);
  return answer.body.items as Pulled[];
}

describe("sub-opportunities and their parent's updated_at", () => {
  it("a sub-opportunity created, re-valued or deleted brings its parent again with the new children_metadata", async () => {
    const parent = await buildOpportunity(context.services, acme, pipeline, { name: "Fund II" });
    let child = "";
    const created = await pulledAfter(async () => {
      const answer = await call("/v1/opportunities", {
        method: "POST",
        body: { name: "Tranche 1", parent_uuid: parent.uuid, stage_uuid: pipeline.childStages[0]!.uuid, value: 100, probability: 50 },
      });
      expect(answer.status).toBe(201);
      child = answer.body.uuid as string;
    });
    expect(created.find((item) => item.uuid === parent.uuid)).toMatchObject({ updated_at: context.clock.now(), children_metadata: { count: 1, value_sum: 100 } });

    const revalued = await pulledAfter(async () => {
      expect((await call(`/v1/opportunities/${child}`, { method: "PATCH", body: { value: 250 } })).status).toBe(200);
    });
    expect(revalued.find((item) => item.uuid === parent.uuid)).toMatchObject({ updated_at: context.clock.now(), children_metadata: { count: 1, value_sum: 250 } });

    // A change the sums do not read leaves the parent where it was.
    const renamed = await pulledAfter(async () => {
      expect((await call(`/v1/opportunities/${child}`, { method: "PATCH", body: { name: "Tranche A" } })).status).toBe(200);
    });
    expect(renamed.map((item) => item.uuid)).toEqual([child]);

    const deleted = await pulledAfter(async () => {
      expect((await call(`/v1/opportunities/${child}`, { method: "DELETE" })).status).toBe(204);
    });
    expect(deleted).toEqual([expect.objectContaining({ uuid: parent.uuid, updated_at: context.clock.now(), children_metadata: expect.objectContaining({ count: 0, value_sum: 0 }) })]);
  });
});
