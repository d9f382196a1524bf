/**
 * Meetings polled for changes: `meetings.list` with `updated_after` and `sort_by: "updated_at"`, as notes, tasks and
 * users are, so a sync (or an agent asked what changed since yesterday) reads the meetings created or written since.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { MeetingListRequest, Store } from "../store.js";

let clock = 0;
let store: Store;
let tenantUuid: string;
beforeEach(async () => {
  clock = Date.UTC(2026, 11, 1);
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const firstPage = { position: { kind: "offset", offset: 0 }, limit: 50 } as const;
const titles = async (request: Omit<MeetingListRequest, "position" | "limit">) =>
  (await store.meetings.list(tenantUuid, { ...firstPage, ...request })).rows.map((meeting) => meeting.title);
async function meeting(title: string, startsInDays: number) {
  clock += 10;
  return store.meetings.create(tenantUuid, { title, starts_at: Date.UTC(2026, 11, 10 + startsInDays), attendees: [{ email: "ada@example.com" }] });
}

describe("meetings.list for change polling", () => {
  it("lists the meetings written at or after updated_after, by change time with sort_by updated_at", async () => {
    // Created in another order than they start.
    await meeting("Later", 5);
    const sooner = await meeting("Sooner", 1);
    await meeting("Middle", 3);
    const watermark = clock + 1;
    expect(await titles({ filters: { updated_after: watermark }, order: "asc" })).toEqual([]);

    clock += 10;
    await store.meetings.update(tenantUuid, sooner.uuid, { location: "Room 4" });
    expect(await titles({ filters: { updated_after: watermark }, order: "asc" })).toEqual(["Sooner"]);
    // Inclusive: the watermark's own meeting comes again.
    expect(await titles({ filters: { updated_after: clock }, order: "asc" })).toEqual(["Sooner"]);

    await meeting("Newest", 2);
    expect(await titles({ filters: { updated_after: watermark }, order: "asc", sort_by: "updated_at" })).toEqual(["Sooner", "Newest"]);
    expect(await titles({ filters: {}, order: "desc", sort_by: "updated_at" })).toEqual(["Newest", "Sooner", "Middle", "Later"]);
    // Without sort_by: by start time as before.
    expect(await titles({ filters: {}, order: "asc" })).toEqual(["Sooner", "Newest", "Middle", "Later"]);
  });

  it("pages by updated_at then uuid from a known row, as a cursor does", async () => {
    for (const [title, day] of [["A", 4], ["B", 2], ["C", 3]] as const) await meeting(title, day);
    const first = await store.meetings.list(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 2, filters: {}, order: "asc", sort_by: "updated_at" });
    expect(first.rows.map((row) => row.title)).toEqual(["A", "B"]);
    expect(first.hasMore).toBe(true);
    const rest = await store.meetings.list(tenantUuid, { position: { kind: "after", key: first.lastKey! }, limit: 2, filters: {}, order: "asc", sort_by: "updated_at" });
    expect(rest.rows.map((row) => row.title)).toEqual(["C"]);
  });
});
