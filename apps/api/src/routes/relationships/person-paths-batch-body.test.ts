/**
 * POST /v1/persons/recommended-paths/batch as the specification's body table has it: `limit` defaults to 25 top
 * contacts per target, and `include_items` is accepted but effective only on the company batch, so a person batch
 * sent `include_items: false` still lists its items.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
/** One more team member than the default `limit`, each of whom knows the target. */
const TEAM_SIZE = 26;

let context: TestContext;
let acme: TestTenant;
let targetUuid: string;

type Json = Record<string, any>;
async function batch(body: Json): Promise<{ status: number; body: Json }> {
  const { status, body: answer } = await context.json("/v1/persons/recommended-paths/batch", { key: acme.key, method: "POST", body });
  return { status, body: answer! };
}

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const slug = acme.tenant.uuid.slice(0, 8);
  const emails: string[] = [acme.admin.email, acme.member.email];
  for (let index = emails.length; index < TEAM_SIZE; index++) {
    const user = await store.users.create({ tenant_uuid: acme.tenant.uuid, name: `User ${index}`, email: `user${index}.${slug}@example.com`, role: "member" });
    emails.push(user.email);
  }
  const target = await context.json("/v1/persons", { key: acme.key, method: "POST", body: { name: "Grace Hopper", emails: ["grace@globex.example"] } });
  targetUuid = target.body!.uuid;
  const sent = await context.json("/v1/emails/batch", {
    key: acme.key,
    method: "POST",
    body: {
      messages: emails.map((from, index) => ({
        message_id: `<team-${index}@x>`,
        sent_at: new Date(TEST_START - (index + 1) * DAY).toISOString(),
        from,
        to: ["grace@globex.example"],
        subject: "Hello",
      })),
    },
  });
  expect(sent.status).toBe(200);
});
afterEach(() => context.close());

describe("the person recommended-paths batch body", () => {
  it("lists 25 top contacts per target when no limit is given", async () => {
    const { status, body } = await batch({ uuids: [targetUuid] });
    expect(status).toBe(200);
    const [result] = body.results as Json[];
    expect(result).toMatchObject({ target_uuid: targetUuid, total: TEAM_SIZE, page: 1, per_page: 25, has_more: true });
    expect(result!.items).toHaveLength(25);
  });

  it("accepts include_items: false without effect: the items are listed as without it", async () => {
    const listed = await batch({ uuids: [targetUuid], limit: 3 });
    const skipped = await batch({ uuids: [targetUuid], limit: 3, include_items: false });
    expect(skipped.status).toBe(200);
    const [result] = skipped.body.results as Json[];
    expect(result!.items).toHaveLength(3);
    expect(result).toMatchObject({ total: TEAM_SIZE, has_more: true });
    const names = (answer: { body: Json }) => (answer.body.results[0].items as Json[]).map((item) => item.user_uuid);
    expect(names(skipped)).toEqual(names(listed));
  });
});
