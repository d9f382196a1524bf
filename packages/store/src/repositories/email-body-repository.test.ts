/** A body kept for an email already stored moves the email in the activity feed: pollers see `has_body` change. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let clock = 0;
let store: Store;
let tenantUuid: string;
let otherTenantUuid: string;

beforeEach(async () => {
  clock = 1_000;
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
});
afterEach(() => store.close());

/** The feed's items of the tenant after `afterSequence`. */
async function feedAfter(tenant: string, afterSequence?: number) {
  return (await store.interactions.feed(tenant, { position: { kind: "offset", offset: 0 }, limit: 50, afterSequence })).rows;
}

describe("emailBodies.put", () => {
  it("lists the email again in the activity feed when its body arrives, once, at the time of the write", async () => {
    const { email } = await store.emails.ingest(tenantUuid, { message_id: "<kept@x.example>", sent_at: 500, from: { email: "ada@x.example" } });
    const { email: other } = await store.emails.ingest(tenantUuid, { message_id: "<other@x.example>", sent_at: 600, from: { email: "bob@x.example" } });
    const seen = (await feedAfter(tenantUuid)).at(-1)!.sequence;
    expect((await store.emails.getByUuid(tenantUuid, email.uuid))?.has_body).toBe(false);

    clock = 2_000;
    await store.emailBodies.put(tenantUuid, email.uuid, "the body");
    expect((await store.emails.getByUuid(tenantUuid, email.uuid))?.has_body).toBe(true);
    const moved = await feedAfter(tenantUuid, seen);
    expect(moved.map((item) => ({ uuid: item.uuid, removed: item.removed, recorded_at: item.recorded_at }))).toEqual([
      { uuid: email.uuid, removed: false, recorded_at: 2_000 },
    ]);
    expect((await feedAfter(tenantUuid)).map((item) => item.uuid)).toEqual([other.uuid, email.uuid]);

    // A second body changes nothing, so nothing comes again; another tenant's feed never shows the email.
    const seenAgain = moved[0]!.sequence;
    clock = 3_000;
    await store.emailBodies.put(tenantUuid, email.uuid, "another body");
    expect(await feedAfter(tenantUuid, seenAgain)).toEqual([]);
    expect(await feedAfter(otherTenantUuid)).toEqual([]);
  });
});
