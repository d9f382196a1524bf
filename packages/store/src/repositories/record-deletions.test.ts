/** The deletions log (migration 0039): every path that removes a record a syncing client copies logs it once, in commit order. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import { createDeletionLogTenant, deletionLog, recordBuilders, type DeletionLogTenant } from "../testing/deletion-log-tenant.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-deletions-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let clock: number;
let store: Store;
let acme: DeletionLogTenant;
let build: ReturnType<typeof recordBuilders>;

beforeEach(async () => {
  clock = Date.UTC(2026, 11, 1);
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  acme = await createDeletionLogTenant(store);
  build = recordBuilders(store, acme);
});
afterEach(() => store.close());

const summary = (entries: Awaited<ReturnType<typeof deletionLog>>) => entries.map(({ entity_type, uuid, reason, merged_into_uuid }) => ({ entity_type, uuid, reason, merged_into_uuid }));
const deleted = (entity_type: string, uuid: string) => ({ entity_type, uuid, reason: "DELETED", merged_into_uuid: null });

describe("store.deletions", () => {
  it("logs each record the API deletes once, in the order the deletions committed, with its deletion time", async () => {
    const opportunity = await build.opportunity();
    const note = await build.note();
    const task = await build.task();
    const file = await build.file();
    const list = await build.list();
    expect(await deletionLog(store, acme.tenantUuid)).toEqual([]);

    clock += 1_000;
    expect(await store.files.delete(acme.tenantUuid, file)).toBe(true);
    expect(await store.notes.delete(acme.tenantUuid, note)).toBe(true);
    clock += 1_000;
    expect(await store.tasks.delete(acme.tenantUuid, task, { user_uuid: null })).toBe(true);
    expect(await store.entityLists.delete(acme.tenantUuid, list)).toBe(true);
    expect(await store.opportunities.delete(acme.tenantUuid, opportunity)).toBe(true);
    // Deleting again finds nothing and logs nothing.
    expect(await store.notes.delete(acme.tenantUuid, note)).toBe(false);
    expect(await store.files.delete(acme.tenantUuid, file)).toBe(false);

    const log = await deletionLog(store, acme.tenantUuid);
    expect(summary(log)).toEqual([deleted("FILE", file), deleted("NOTE", note), deleted("TASK", task), deleted("ENTITY_LIST", list), deleted("OPPORTUNITY", opportunity)]);
    expect(log.map((entry) => entry.sequence)).toEqual([...log.map((entry) => entry.sequence)].sort((a, b) => a - b));
    expect(new Set(log.map((entry) => entry.sequence)).size).toBe(5);
    // A soft delete logs the record's own deleted_at (the store's clock).
    expect(log.find((entry) => entry.uuid === note)!.deleted_at).toBe(Date.UTC(2026, 11, 1) + 1_000);
    expect(log.find((entry) => entry.uuid === task)!.deleted_at).toBe(Date.UTC(2026, 11, 1) + 2_000);
  });

  it("logs each sub-opportunity deleted with its parent, and a sub-opportunity deleted earlier only once", async () => {
    const parent = await build.opportunity();
    const [first, second, third] = [await build.opportunity(parent), await build.opportunity(parent), await build.opportunity(parent)];
    const other = await build.opportunity();
    expect(await store.opportunities.delete(acme.tenantUuid, third!)).toBe(true);
    expect(await store.opportunities.delete(acme.tenantUuid, parent)).toBe(true);
    const log = summary(await deletionLog(store, acme.tenantUuid));
    expect(log[0]).toEqual(deleted("OPPORTUNITY", third!));
    expect(log.slice(1)).toHaveLength(3);
    expect(log.slice(1)).toEqual(expect.arrayContaining([deleted("OPPORTUNITY", parent), deleted("OPPORTUNITY", first!), deleted("OPPORTUNITY", second!)]));
    expect(log.map((entry) => entry.uuid)).not.toContain(other);
  });

  it("logs a person merged away with the person it went into, and an erased person by uuid alone, replacing its merge", async () => {
    const zelda = await build.person("Zelda Quintero");
    const zoltan = await build.person("Zoltan Quimby");
    const cleo = await build.person("Cleo Park");
    await store.personMerges.merge({ tenant_uuid: acme.tenantUuid, canonical_uuid: zelda, superseded_uuid: zoltan, preview: false, merged_by_user_uuid: acme.adminUuid });
    const afterMerge = await deletionLog(store, acme.tenantUuid);
    expect(summary(afterMerge)).toEqual([{ entity_type: "PERSON", uuid: zoltan, reason: "MERGED", merged_into_uuid: zelda }]);

    const note = await build.note();
    expect(await store.notes.delete(acme.tenantUuid, note)).toBe(true);
    expect(await store.persons.erase(acme.tenantUuid, zelda)).toBe(true);
    const log = await deletionLog(store, acme.tenantUuid);
    // Zoltan's row names Zelda no more: both are erased, by uuid alone, after everything before.
    expect(summary(log)).toEqual([
      deleted("NOTE", note),
      { entity_type: "PERSON", uuid: expect.any(String), reason: "ERASED", merged_into_uuid: null },
      { entity_type: "PERSON", uuid: expect.any(String), reason: "ERASED", merged_into_uuid: null },
    ]);
    expect(log.slice(1).map((entry) => entry.uuid).sort()).toEqual([zelda, zoltan].sort());
    expect(log[1]!.sequence).toBeGreaterThan(afterMerge[0]!.sequence);
    expect(log.map((entry) => entry.uuid)).not.toContain(cleo);
  });

  it("writes nothing for a rolled-back transaction or a merge preview", async () => {
    const note = await build.note();
    const opportunity = await build.opportunity();
    const zelda = await build.person("Zelda Quintero");
    const zoltan = await build.person("Zoltan Quimby");
    await expect(
      store.transaction(async (transaction) => {
        expect(await transaction.notes.delete(acme.tenantUuid, note)).toBe(true);
        expect(await transaction.opportunities.delete(acme.tenantUuid, opportunity)).toBe(true);
        expect((await transaction.deletions.list(acme.tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 10, viewer: { user_uuid: null } })).rows).toHaveLength(2);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await store.personMerges.merge({ tenant_uuid: acme.tenantUuid, canonical_uuid: zelda, superseded_uuid: zoltan, preview: true, merged_by_user_uuid: acme.adminUuid });
    expect(await deletionLog(store, acme.tenantUuid)).toEqual([]);
    expect(await store.notes.get(acme.tenantUuid, note, { user_uuid: null })).not.toBeNull();
  });

  it("never lists another tenant's deletions, and deleting a tenant removes its log", async () => {
    const globex = await createDeletionLogTenant(store, "Globex");
    const theirs = recordBuilders(store, globex);
    const theirNote = await theirs.note();
    const ourNote = await build.note();
    await store.notes.delete(globex.tenantUuid, theirNote);
    // Another tenant's uuid through ours deletes nothing.
    expect(await store.notes.delete(acme.tenantUuid, theirNote)).toBe(false);
    await store.notes.delete(acme.tenantUuid, ourNote);
    expect(summary(await deletionLog(store, acme.tenantUuid))).toEqual([deleted("NOTE", ourNote)]);
    expect(summary(await deletionLog(store, globex.tenantUuid))).toEqual([deleted("NOTE", theirNote)]);

    expect(await store.tenants.delete(globex.tenantUuid)).toBe(true);
    expect(await deletionLog(store, globex.tenantUuid)).toEqual([]);
    expect(summary(await deletionLog(store, acme.tenantUuid))).toEqual([deleted("NOTE", ourNote)]);
  });

  it("shows a PERSONAL task's deletion to its creator alone, as the task lists do", async () => {
    const mine = await build.task("PERSONAL", acme.memberUuid);
    const shared = await build.task("WORKSPACE", acme.memberUuid);
    await store.tasks.delete(acme.tenantUuid, mine, { user_uuid: acme.memberUuid });
    await store.tasks.delete(acme.tenantUuid, shared, { user_uuid: acme.memberUuid });
    expect((await deletionLog(store, acme.tenantUuid, { viewer: { user_uuid: acme.memberUuid } })).map((entry) => entry.uuid)).toEqual([mine, shared]);
    expect((await deletionLog(store, acme.tenantUuid, { viewer: { user_uuid: acme.adminUuid } })).map((entry) => entry.uuid)).toEqual([shared]);
    expect((await deletionLog(store, acme.tenantUuid)).map((entry) => entry.uuid)).toEqual([shared]);
  });

  it("filters by entity types, after a sequence and by deletion time; pages by cursor without gap or repeat", async () => {
    const notes = [await build.note(), await build.note(), await build.note()];
    const file = await build.file();
    const opportunity = await build.opportunity();
    await store.notes.delete(acme.tenantUuid, notes[0]!);
    await store.opportunities.delete(acme.tenantUuid, opportunity);
    clock += 60_000;
    const since = clock;
    await store.notes.delete(acme.tenantUuid, notes[1]!);
    await store.files.delete(acme.tenantUuid, file);
    await store.notes.delete(acme.tenantUuid, notes[2]!);
    const all = await deletionLog(store, acme.tenantUuid);
    expect(all.map((entry) => entry.uuid)).toEqual([notes[0], opportunity, notes[1], file, notes[2]]);

    expect((await deletionLog(store, acme.tenantUuid, { entityTypes: ["NOTE"] })).map((entry) => entry.uuid)).toEqual(notes);
    expect((await deletionLog(store, acme.tenantUuid, { entityTypes: ["OPPORTUNITY", "FILE"] })).map((entry) => entry.uuid)).toEqual([opportunity, file]);
    expect((await deletionLog(store, acme.tenantUuid, { afterSequence: all[1]!.sequence })).map((entry) => entry.uuid)).toEqual([notes[1], file, notes[2]]);
    expect((await deletionLog(store, acme.tenantUuid, { deletedSince: since, entityTypes: ["NOTE"] })).map((entry) => entry.uuid)).toEqual([notes[1], notes[2]]);

    const request = { viewer: { user_uuid: null }, limit: 2 };
    const first = await store.deletions.list(acme.tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
    expect(first).toMatchObject({ total: 5, hasMore: true, lastKey: [all[1]!.sequence, 0, 0] });
    const second = await store.deletions.list(acme.tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
    expect(second.total).toBeNull();
    expect(second.rows.map((entry) => entry.uuid)).toEqual([notes[1], file]);
    const third = await store.deletions.list(acme.tenantUuid, { ...request, position: { kind: "offset", offset: 4 } });
    expect(third).toMatchObject({ total: 5, hasMore: false });
    expect(third.rows.map((entry) => entry.uuid)).toEqual([notes[2]]);
    // A cursor and an after_sequence together: the later bound.
    const both = await store.deletions.list(acme.tenantUuid, { ...request, afterSequence: all[3]!.sequence, position: { kind: "after", key: first.lastKey! } });
    expect(both.rows.map((entry) => entry.uuid)).toEqual([notes[2]]);
  });

  it("numbers deletions in commit order when two stores (two processes) write one database", async () => {
    const path = join(folder, "shared.db");
    const first = await createSqliteStore({ path });
    const second = await createSqliteStore({ path });
    try {
      const tenant = await createDeletionLogTenant(first);
      const notes = recordBuilders(first, tenant);
      const uuids = [await notes.note(), await notes.note(), await notes.note(), await notes.note()];
      // Alternately through each connection: the log's order is the order the deletions committed.
      const stores = [first, second, first, second];
      for (const [index, uuid] of uuids.entries()) {
        expect(await stores[index]!.notes.delete(tenant.tenantUuid, uuid)).toBe(true);
        await othersCommitsSeen();
      }
      for (const store of [first, second]) expect((await deletionLog(store, tenant.tenantUuid)).map((entry) => entry.uuid)).toEqual(uuids);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
