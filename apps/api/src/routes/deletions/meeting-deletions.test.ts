/**
 * GET /v1/deletions lists every deleted meeting GET /v1/meetings listed, the ones the activity feed never announced
 * included (created cancelled, declined by every attendee), so a copy kept with GET /v1/meetings?updated_after drops
 * them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

interface Listed {
  items: Array<{ uuid: string; sequence?: number; entity_type?: string; reason?: string; removed?: boolean }>;
  next_cursor: string | null;
}

async function read(path: string, key = acme.key): Promise<Listed> {
  const response = await context.request(path, { key });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Listed;
}

async function meeting(body: Record<string, unknown>): Promise<string> {
  const response = await context.request("/v1/meetings", {
    key: acme.key,
    method: "POST",
    body: { starts_at: new Date(context.clock.now() - DAY).toISOString(), ...body },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

describe("deleted meetings in GET /v1/deletions", () => {
  it("lists each meeting GET /v1/meetings listed once it is deleted, those the activity feed never listed included", async () => {
    const cancelled = await meeting({ title: "Called off", status: "cancelled", attendees: ["cleo@park.example"] });
    const declined = await meeting({ title: "Nobody came", attendees: [{ email: "dan@ortiz.example", response: "declined" }] });
    const held = await meeting({ title: "Board", organizer: acme.admin.email, attendees: ["cleo@park.example"] });
    // The integrator's copy: every meeting of the list, and the deletions log's position.
    const copied = (await read("/v1/meetings?sort_by=updated_at&per_page=50")).items.map((item) => item.uuid);
    expect(copied.sort()).toEqual([cancelled, declined, held].sort());
    expect((await read("/v1/activity?kind=meeting")).items.map((item) => item.uuid)).toEqual([held]);
    const position = (await read("/v1/deletions")).items.at(-1)?.sequence ?? 0;

    context.clock.advance(1_000);
    for (const uuid of [cancelled, declined, held]) {
      expect((await context.request(`/v1/meetings/${uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    }

    const gone = await read(`/v1/deletions?after_sequence=${position}&entity_type=MEETING`);
    expect(gone.items.map(({ entity_type, uuid, reason }) => ({ entity_type, uuid, reason }))).toEqual(
      [cancelled, declined, held].map((uuid) => ({ entity_type: "MEETING", uuid, reason: "DELETED" })),
    );
    // A member reads them as every meeting; another tenant reads none.
    expect((await read(`/v1/deletions?after_sequence=${position}`, acme.memberKey)).items.map((item) => item.uuid)).toEqual([cancelled, declined, held]);
    const other = await buildTenant(context.services, { name: "Initech" });
    expect((await read("/v1/deletions", other.key)).items).toEqual([]);
    // The feed still announces the meeting it listed.
    expect((await read("/v1/activity?kind=meeting")).items).toEqual([expect.objectContaining({ uuid: held, removed: true })]);
  });
});
