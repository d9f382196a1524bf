/**
 * Keeping a copy of notes and tasks: `updated_after` brings every note and task edited or whose links changed
 * since the last poll (from either side, by a deletion, a merge or an erasure), and cursors scan them.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { buildOpportunity, buildPipeline } from "../../testing/deal-builders.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterEach(() => context.close());

const person = (name: string) => context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name });
const uuidsOf = (body: { items: Array<{ uuid: string }> } | null) => (body?.items ?? []).map((item) => item.uuid).sort();
const created = async (path: string, body: unknown) => {
  const answer = await call(path, { method: "POST", body });
  expect(answer.status).toBe(201);
  return answer.body as { uuid: string; updated_at: number };
};

describe.each([
  { list: "/v1/notes", create: (links: unknown[]) => created("/v1/notes", { content: "Call notes", associations: links }) },
  { list: "/v1/tasks", create: (links: unknown[]) => created("/v1/tasks", { title: "Follow up", associations: links }) },
])("GET $list?updated_after", ({ list, create }) => {
  it("lists what was edited or whose links changed at or after the instant, and nothing else", async () => {
    const [ada, duplicate, zelda, bob] = [await person("Ada"), await person("Ada L."), await person("Zelda"), await person("Bob")];
    const pipeline = await buildPipeline(context.services, acme);
    const deal = await buildOpportunity(context.services, acme, pipeline, { name: "Deal" });
    const untouched = await create([{ entity_type: "PERSON", entity_uuid: bob.uuid }]);
    const merged = await create([{ entity_type: "PERSON", entity_uuid: duplicate.uuid }]);
    const erased = await create([{ entity_type: "PERSON", entity_uuid: zelda.uuid }]);
    const linkedFromDeal = await create([]);
    const dealDeleted = await create([{ entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }]);
    const unlinked = await create([{ entity_type: "PERSON", entity_uuid: ada.uuid }]);
    context.clock.advance(1000);
    const watermark = new Date(context.clock.now()).toISOString();
    expect(uuidsOf((await call(`${list}?updated_after=${watermark}`)).body as never)).toEqual([]);

    // Each change a millisecond after the previous, in the reverse of the creation order.
    const links = (await call(`${list}/${unlinked.uuid}/associations`)).body as { items?: Array<{ uuid: string }> } | Array<{ uuid: string }>;
    const link = Array.isArray(links) ? links[0]! : links.items![0]!;
    expect((await call(`${list}/${unlinked.uuid}/associations/${link.uuid}`, { method: "DELETE" })).status).toBe(204);
    context.clock.advance(1);
    expect((await call(`/v1/opportunities/${deal.uuid}`, { method: "DELETE" })).status).toBe(204);
    context.clock.advance(1);
    const otherDeal = await buildOpportunity(context.services, acme, pipeline, { name: "Other deal" });
    const kind = list === "/v1/notes" ? "NOTE" : "TASK";
    expect((await call(`/v1/opportunities/${otherDeal.uuid}/associations`, { method: "POST", body: { entity_type: kind, entity_uuid: linkedFromDeal.uuid } })).status).toBeLessThan(300);
    context.clock.advance(1);
    expect((await call(`/v1/persons/${zelda.uuid}`, { method: "DELETE" })).status).toBe(204);
    context.clock.advance(1);
    expect((await call(`/v1/persons/${ada.uuid}/merge`, { method: "POST", body: { superseded_person_uuid: duplicate.uuid } })).status).toBe(200);

    const polled = await call(`${list}?updated_after=${watermark}`);
    expect(polled.status).toBe(200);
    expect(uuidsOf(polled.body as never)).toEqual([merged.uuid, erased.uuid, linkedFromDeal.uuid, dealDeleted.uuid, unlinked.uuid].sort());
    expect(uuidsOf(polled.body as never)).not.toContain(untouched.uuid);
    for (const item of (polled.body as { items: Array<{ updated_at: number }> }).items) expect(item.updated_at).toBeGreaterThanOrEqual(Date.parse(watermark));

    // Ordered by change time, newest first: the next watermark is the first item's updated_at.
    const byChange = await call(`${list}?sort_by=updated_at&order=desc`);
    expect((byChange.body as { items: Array<{ uuid: string }> }).items.map((item) => item.uuid)).toEqual([
      merged.uuid,
      erased.uuid,
      linkedFromDeal.uuid,
      dealDeleted.uuid,
      unlinked.uuid,
      untouched.uuid,
    ]);
  });

  it("scans with cursors bound to the query, and refuses a malformed instant with a 400 naming the parameter", async () => {
    const made = [];
    for (let index = 0; index < 5; index++) {
      made.push((await create([])).uuid);
      context.clock.advance(1);
    }
    const seen: string[] = [];
    let answer = await call(`${list}?per_page=2`);
    seen.push(...uuidsOf(answer.body as never));
    while (answer.body?.has_more) {
      expect(answer.body.total).not.toBeUndefined();
      answer = await call(`${list}?per_page=2&cursor=${encodeURIComponent(answer.body.next_cursor)}`);
      expect(answer.status).toBe(200);
      expect(answer.body?.total).toBeNull();
      seen.push(...uuidsOf(answer.body as never));
    }
    expect(seen.sort()).toEqual(made.sort());
    const first = await call(`${list}?per_page=2`);
    const changed = await call(`${list}?per_page=2&updated_after=2026-01-01&cursor=${encodeURIComponent(first.body?.next_cursor)}`);
    expect(changed.status).toBe(400);
    const bad = await call(`${list}?updated_after=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body?.error).toContain("updated_after");
  });
});
