/**
 * `tasks.list` by due date: `due_date_from` and `due_date_to` keep the tasks due within those calendar dates, both
 * inclusive, either alone; a task without a due date never matches a due-date filter.
 */
import { describe, expect, it } from "vitest";
import { useFreshStore } from "../testing/fresh-store.js";

const fresh = useFreshStore();
const viewer = { user_uuid: null };

/** The titles kept, sorted: tasks created within one millisecond are ordered by their random uuid. */
async function titlesDue(filters: { due_date_from?: string; due_date_to?: string }): Promise<string[]> {
  const page = await fresh.store.tasks.list(fresh.tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, filters, sort_by: "created_at", order: "asc", viewer });
  return page.rows.map((task) => task.title).sort();
}

describe("tasks.list by due date", () => {
  it("keeps the tasks due within the dates, both inclusive, either bound alone, never one without a due date", async () => {
    const { store, tenantUuid } = fresh;
    for (const [title, due_date] of [["Monday", "2026-12-07"], ["Friday", "2026-12-11"], ["Next month", "2027-01-04"], ["Whenever", null]] as const) {
      await store.tasks.create({ tenant_uuid: tenantUuid, title, scope: "WORKSPACE", due_date }, viewer);
    }
    expect(await titlesDue({ due_date_from: "2026-12-07", due_date_to: "2026-12-11" })).toEqual(["Friday", "Monday"]);
    expect(await titlesDue({ due_date_to: "2026-12-10" })).toEqual(["Monday"]);
    expect(await titlesDue({ due_date_from: "2026-12-11" })).toEqual(["Friday", "Next month"]);
    expect(await titlesDue({})).toEqual(["Friday", "Monday", "Next month", "Whenever"]);
  });
});
