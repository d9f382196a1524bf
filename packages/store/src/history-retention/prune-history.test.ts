/**
 * `history.prune`: the deletions log's entries and the feed's entries of gone items older than the horizon go; a
 * poller whose position is before the horizon is refused with a HistoryPrunedError, one at or after it reads what a
 * fresh copy reads, and another tenant's logs and reads are untouched.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { HistoryPrunedError } from "../errors.js";
import type { ActivityFeedItem } from "../activity-records.js";
import type { Store } from "../store.js";
import { createDeletionLogTenant, deletionLog, recordBuilders } from "../testing/deletion-log-tenant.js";

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const folder = mkdtempSync(join(tmpdir(), "rapport-history-prune-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function openStore(name: string) {
  let now = START;
  const store = await createSqliteStore({ path: join(folder, `${name}.db`), now: () => now });
  return { store, setNow: (at: number) => (now = at) };
}

/** The whole feed from `afterSequence` (or the beginning), following cursors. */
async function feedFrom(store: Store, tenantUuid: string, afterSequence?: number): Promise<ActivityFeedItem[]> {
  const items: ActivityFeedItem[] = [];
  let page = await store.interactions.feed(tenantUuid, { afterSequence, limit: 2, position: { kind: "offset", offset: 0 } });
  items.push(...page.rows);
  while (page.hasMore) {
    page = await store.interactions.feed(tenantUuid, { afterSequence, limit: 2, position: { kind: "after", key: page.lastKey! } });
    items.push(...page.rows);
  }
  return items;
}

describe("history.prune", () => {
  it("prunes the deletions log before the horizon; a poller before it is refused, one at it reads what a fresh copy reads", async () => {
    const { store, setNow } = await openStore("deletions");
    const tenant = await createDeletionLogTenant(store);
    const other = await createDeletionLogTenant(store, "Globex");
    const notes = recordBuilders(store, tenant);
    const [first, second, third, kept] = [await notes.note(), await notes.note(), await notes.note(), await notes.note()];
    setNow(START + 10 * DAY);
    await store.notes.delete(tenant.tenantUuid, first);
    await store.notes.delete(other.tenantUuid, await recordBuilders(store, other).note());
    setNow(START + 20 * DAY);
    await store.notes.delete(tenant.tenantUuid, second);
    const beforePrune = await deletionLog(store, tenant.tenantUuid);
    setNow(START + 400 * DAY);
    await store.notes.delete(tenant.tenantUuid, third);
    const [atFirst, atSecond] = beforePrune.map((entry) => entry.sequence);

    const results = await store.history.prune({ olderThan: START + 365 * DAY, tenantUuid: tenant.tenantUuid, rowsPerStep: 1 });

    expect(results).toEqual([
      { tenantUuid: tenant.tenantUuid, log: "record_deletions", removed: 2, prunedThroughSequence: atSecond, prunedThroughTime: START + 20 * DAY },
    ]);
    await expect(deletionLog(store, tenant.tenantUuid, { afterSequence: atFirst })).rejects.toThrow(HistoryPrunedError);
    await expect(deletionLog(store, tenant.tenantUuid, { afterSequence: atFirst })).rejects.toThrow(/make a full copy again, then poll with after_sequence/);
    // The horizon, for a caller that words its own message.
    await expect(deletionLog(store, tenant.tenantUuid, { afterSequence: atFirst })).rejects.toMatchObject({
      horizon: { log: "record_deletions", prunedThroughSequence: atSecond, prunedThroughTime: START + 20 * DAY },
    });
    await expect(deletionLog(store, tenant.tenantUuid, { deletedSince: START + 20 * DAY })).rejects.toThrow(HistoryPrunedError);
    // A cursor taken before the prune, pointing before the horizon.
    await expect(
      store.deletions.list(tenant.tenantUuid, { viewer: { user_uuid: null }, limit: 1, position: { kind: "after", key: [atFirst!] } }),
    ).rejects.toThrow(HistoryPrunedError);
    const fresh = await deletionLog(store, tenant.tenantUuid);
    expect(fresh.map((entry) => entry.uuid)).toEqual([third]);
    expect(await deletionLog(store, tenant.tenantUuid, { afterSequence: atSecond })).toEqual(fresh);
    expect(await deletionLog(store, tenant.tenantUuid, { deletedSince: START + 20 * DAY + 1 })).toEqual(fresh);
    // The other tenant was not pruned: its whole log is there, and reading it from the start is not refused.
    expect(await deletionLog(store, other.tenantUuid, { afterSequence: 0 })).toHaveLength(1);
    expect(kept).toBeDefined();
    await store.close();
  });

  it("lets a fresh copy's cursor scan go on through entries kept below the horizon, and refuses it once a later prune passes it", async () => {
    const { store, setNow } = await openStore("kept-below");
    const tenant = await createDeletionLogTenant(store);
    const notes = recordBuilders(store, tenant);
    const [late, later, early, last] = [await notes.note(), await notes.note(), await notes.note(), await notes.note()];
    // Deletion times out of sequence order (another process's clock, or a migration logging older deletions late):
    // the two first entries are recent and kept, the third old and pruned, so the horizon is above them.
    setNow(START + 400 * DAY);
    await store.notes.delete(tenant.tenantUuid, late);
    await store.notes.delete(tenant.tenantUuid, later);
    setNow(START + 10 * DAY);
    await store.notes.delete(tenant.tenantUuid, early);
    await store.history.prune({ olderThan: START + 365 * DAY, tenantUuid: tenant.tenantUuid });

    const request = { viewer: { user_uuid: null }, limit: 1 };
    const first = await store.deletions.list(tenant.tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
    expect(first.rows.map((entry) => entry.uuid)).toEqual([late]);
    const second = await store.deletions.list(tenant.tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
    expect(second.rows.map((entry) => entry.uuid)).toEqual([later]);

    // Another prune passes the scan's position: the entries it removed were ahead of it.
    setNow(START + 800 * DAY);
    await store.notes.delete(tenant.tenantUuid, last);
    await store.history.prune({ olderThan: START + 790 * DAY, tenantUuid: tenant.tenantUuid });
    await expect(store.deletions.list(tenant.tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } })).rejects.toThrow(HistoryPrunedError);
    expect((await deletionLog(store, tenant.tenantUuid)).map((entry) => entry.uuid)).toEqual([last]);
    await store.close();
  });

  it("prunes the feed's gone items but keeps live ones; a poller before the horizon is refused, one at it ends as a fresh copy", async () => {
    const { store } = await openStore("feed");
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park" });
    const meeting = (title: string) =>
      store.meetings.create(tenantUuid, { title, starts_at: START - DAY, attendees: [{ person_uuid: ada.person_uuid }, { person_uuid: cleo.uuid }] });
    await store.emails.ingest(tenantUuid, { message_id: "kept", subject: "Hello", sent_at: START - DAY, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: cleo.uuid }] });
    const board = await meeting("Board");
    const lunch = await meeting("Lunch");
    const copy = new Map<string, ActivityFeedItem>();
    const apply = (items: ActivityFeedItem[]) => {
      for (const item of items) {
        if (item.removed) copy.delete(item.uuid);
        else copy.set(item.uuid, item);
      }
      return items.at(-1)?.sequence;
    };
    const early = apply(await feedFrom(store, tenantUuid));
    await store.meetings.delete(tenantUuid, board.uuid);
    const caughtUp = apply(await feedFrom(store, tenantUuid, early));
    expect([...copy.keys()].sort()).toEqual([lunch.uuid, (await store.emails.get(tenantUuid, "kept"))!.uuid].sort());

    const results = await store.history.prune({ olderThan: Date.now() + 60_000 });

    // The deleted meeting's entry in the deletions log (store migration 0054) goes too.
    expect(results).toEqual([
      expect.objectContaining({ tenantUuid, log: "activity_feed", removed: 1, prunedThroughSequence: caughtUp }),
      expect.objectContaining({ tenantUuid, log: "record_deletions", removed: 1 }),
    ]);
    await expect(feedFrom(store, tenantUuid, early)).rejects.toThrow(HistoryPrunedError);
    await expect(feedFrom(store, tenantUuid, 0)).rejects.toThrow(HistoryPrunedError);
    await expect(feedFrom(store, tenantUuid, 0)).rejects.toMatchObject({ horizon: { log: "activity_feed", prunedThroughSequence: caughtUp } });
    const fresh = await feedFrom(store, tenantUuid);
    expect(fresh.map((item) => item.uuid).sort()).toEqual([...copy.keys()].sort());
    expect(fresh.every((item) => !item.removed)).toBe(true);
    expect(await feedFrom(store, tenantUuid, caughtUp)).toEqual([]);
    // A removal after the prune reaches the poller at the horizon, as a fresh copy misses it.
    await store.meetings.delete(tenantUuid, lunch.uuid);
    apply(await feedFrom(store, tenantUuid, caughtUp));
    expect([...copy.keys()]).toEqual([(await store.emails.get(tenantUuid, "kept"))!.uuid]);
    expect((await feedFrom(store, tenantUuid)).filter((item) => !item.removed).map((item) => item.uuid)).toEqual([...copy.keys()]);
    await store.close();
  });
});
