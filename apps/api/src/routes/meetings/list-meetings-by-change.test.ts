/**
 * GET /v1/meetings polled for changes: `updated_after`, `sort_by=updated_at` and cursors, as notes, tasks and users
 * take them, so "what changed since yesterday" reaches meetings edited, rescheduled or cancelled since.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

type MeetingItem = { uuid: string; title: string; status: string; updated_at: number };
type MeetingPage = { items: MeetingItem[]; next_cursor: string | null; total: number | null };
const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();
const listed = async (query: string) => {
  const answer = await call(`/v1/meetings?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as MeetingPage;
};
async function createMeeting(title: string, starts_at: string) {
  context.clock.advance(1_000);
  const answer = await call("/v1/meetings", { method: "POST", body: { title, starts_at, attendees: ["jordan@partner.example"] } });
  expect(answer.status).toBe(201);
  return answer.body as unknown as MeetingItem;
}

describe("GET /v1/meetings for change polling", () => {
  it("lists the meetings written at or after updated_after, by change time with sort_by=updated_at", async () => {
    const review = await createMeeting("Review", "2026-12-01T10:00:00Z");
    await createMeeting("Kickoff", "2026-12-20T10:00:00Z");
    const watermark = context.clock.now() + 1;
    expect((await listed(`updated_after=${iso(watermark)}`)).items).toEqual([]);

    context.clock.advance(60_000);
    const cancelled = await call(`/v1/meetings/${review.uuid}`, { method: "PUT", body: { status: "cancelled" } });
    expect(cancelled.status).toBe(200);
    const changed = await listed(`updated_after=${iso(watermark)}`);
    expect(changed.items).toEqual([expect.objectContaining({ uuid: review.uuid, status: "cancelled", updated_at: context.clock.now() })]);

    await createMeeting("Dinner", "2026-11-30T19:00:00Z");
    // By change time, not by start: the watermark of the next poll is the last item's updated_at.
    expect((await listed(`updated_after=${iso(watermark)}&sort_by=updated_at&order=asc`)).items.map((item) => item.title)).toEqual(["Review", "Dinner"]);
    const [newest] = (await listed("sort_by=updated_at&order=desc&per_page=1")).items;
    expect(newest).toMatchObject({ title: "Dinner", updated_at: context.clock.now() });
    // Without sort_by: by start time, newest first, as before.
    expect((await listed("")).items.map((item) => item.title)).toEqual(["Kickoff", "Review", "Dinner"]);
  });

  it("follows next_cursor through a scan, bound to its filters and tenant", async () => {
    for (const [title, day] of [["A", "05"], ["B", "03"], ["C", "04"]] as const) await createMeeting(title, `2026-12-${day}T09:00:00Z`);
    const first = await listed("sort_by=updated_at&order=asc&per_page=2");
    expect(first.items.map((item) => item.title)).toEqual(["A", "B"]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await listed(`sort_by=updated_at&order=asc&per_page=2&cursor=${first.next_cursor}`);
    expect(rest.items.map((item) => item.title)).toEqual(["C"]);
    expect(rest.next_cursor).toBeNull();

    const otherSort = await call(`/v1/meetings?order=asc&per_page=2&cursor=${first.next_cursor}`);
    expect(otherSort.status).toBe(400);
    expect(otherSort.body?.error).toContain("cursor is for another scan");
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = await apiCaller(context, () => globex.key)(`/v1/meetings?sort_by=updated_at&order=asc&per_page=2&cursor=${first.next_cursor}`);
    expect(theirs.status).toBe(400);
  });

  it("lists again a meeting a person merge changed the organizer and attendees of, at the merge's instant", async () => {
    const person = async (name: string, address: string) => {
      const created = await call("/v1/persons", { method: "POST", body: { name, emails: [address] } });
      expect(created.status).toBe(201);
      return created.body.uuid as string;
    };
    const kept = await person("Jordan Lee", "jordan@partner.example");
    const duplicate = await person("J. Lee", "jlee@partner.example");
    const colleague = await person("Sam Park", "sam@partner.example");
    context.clock.advance(1_000);
    const body = { title: "Pitch", starts_at: "2026-12-01T10:00:00Z", organizer: { person_uuid: duplicate }, attendees: [{ person_uuid: colleague }] };
    const pitch = (await call("/v1/meetings", { method: "POST", body })).body as unknown as MeetingItem;
    const untouched = (await call("/v1/meetings", { method: "POST", body: { ...body, title: "Other", organizer: null } })).body as unknown as MeetingItem;
    const watermark = context.clock.now() + 1;

    context.clock.advance(60_000);
    const merged = await call(`/v1/persons/${kept}/merge`, { method: "POST", body: { superseded_person_uuid: duplicate } });
    expect(merged.status).toBe(200);
    const changed = await listed(`updated_after=${iso(watermark)}`);
    // The record a poller copied named the merged-away person; the pull brings it with the kept one instead.
    expect(changed.items).toEqual([
      expect.objectContaining({ uuid: pitch.uuid, organizer_person_uuid: kept, updated_at: context.clock.now() }),
    ]);
    expect(changed.items[0]).not.toHaveProperty("uuid", untouched.uuid);
    // The activity feed lists it again at the same instant.
    const feed = (await call("/v1/activity?kind=meeting")).body as { items: Array<{ uuid: string; recorded_at: number }> };
    expect(feed.items.find((item) => item.uuid === pitch.uuid)?.recorded_at).toBe(context.clock.now());
  });

  it("answers a 400 for a malformed updated_after or sort_by, names updated_after for modified_since, and lists no other tenant's meetings", async () => {
    await createMeeting("Ours", "2026-12-01T10:00:00Z");
    const epoch = await call("/v1/meetings?updated_after=1796445858584");
    expect(epoch.status).toBe(400);
    expect(epoch.body?.error).toContain("send the same instant as ISO 8601 with milliseconds, 2026-12-05T04:44:18.584Z");
    const sort = await call("/v1/meetings?sort_by=title");
    expect(sort.status).toBe(400);
    expect(sort.body?.error).toContain("sort_by");
    const guessed = await call("/v1/meetings?modified_since=2026-12-01");
    expect(guessed.status).toBe(400);
    expect(guessed.body?.error).toMatch(/^unknown query parameter 'modified_since' \(did you mean 'updated_after'\?\)/);
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = (await apiCaller(context, () => globex.key)("/v1/meetings?updated_after=2000-01-01")).body as unknown as MeetingPage;
    expect(theirs.items).toEqual([]);
  });
});
