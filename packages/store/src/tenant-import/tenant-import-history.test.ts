/**
 * What a move keeps of the tenant's past beside its records: the erasures (an erased address or LinkedIn profile is
 * refused on the next server as on the old one) and the history horizons (a poll from before what the retention
 * pruned is refused there as here, and the logs number on after what was pruned). An export made before either was
 * carried still imports; a digest without its key is refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityFeedItem } from "../activity-records.js";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { deletionLog } from "../testing/deletion-log-tenant.js";
import { TENANT_EXPORT_KINDS } from "../tenant-export/tenant-export-kinds.js";
import { tenantExportLines, type TenantExportLines } from "../testing/tenant-export-lines.js";
import { openTenantImport } from "./open-tenant-import.js";

const START = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;
const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-import-history-"));
const sourcePath = join(folder, "source.db");
const ERASED = { email: "erin@erased.example", linkedin_url: "https://www.linkedin.com/in/erin-erased" };

/** Imports `lines` into a new database `name` as the tenant `tenantUuid`; the store on it. */
async function importedStore(name: string, lines: TenantExportLines, tenantUuid: string): Promise<Store> {
  const path = join(folder, `${name}.db`);
  await (await createSqliteStore({ path })).close();
  const imported = await openTenantImport(path, { uuid: tenantUuid, name: "Acme", tier: "standard", per_second_limit: null, monthly_limit: null, created_at: START });
  try {
    for (const kind of TENANT_EXPORT_KINDS) for (const { json, content } of lines[kind]) await imported.add(kind, JSON.parse(json), content);
    await imported.commit();
  } finally {
    await imported.abandon();
  }
  const store = await createSqliteStore({ path, now: () => START });
  stores.push(store);
  return store;
}

/** The whole feed after `afterSequence` (or from the beginning). */
async function feedFrom(store: Store, tenantUuid: string, afterSequence?: number): Promise<ActivityFeedItem[]> {
  return (await store.interactions.feed(tenantUuid, { afterSequence, limit: 100, position: { kind: "offset", offset: 0 } })).rows;
}

/** What a call answers: its value, or the refusal's class and message. */
const answerOf = <T>(call: Promise<T>) => call.then((value) => ({ value }), (error: Error) => ({ refused: `${error.name}: ${error.message}` }));

const stores: Store[] = [];
let source: Store;
let tenantUuid: string;
/** The feed's last sequence a poller read before the prune (its newest entry, a removal, was pruned). */
let caughtUp: number;
/** A feed position before the horizon. */
let early: number;
let lunchUuid: string;

beforeAll(async () => {
  source = await createSqliteStore({ path: sourcePath, now: () => START });
  stores.push(source);
  tenantUuid = (await source.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const ada = await source.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
  const cleo = await source.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park" });
  const meeting = (title: string) => source.meetings.create(tenantUuid, { title, starts_at: START - DAY, attendees: [{ person_uuid: ada.person_uuid }, { person_uuid: cleo.uuid }] });
  await source.emails.ingest(tenantUuid, { message_id: "kept", subject: "Hello", sent_at: START - DAY, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: cleo.uuid }] });
  const board = await meeting("Board");
  lunchUuid = (await meeting("Lunch")).uuid;
  early = (await feedFrom(source, tenantUuid)).at(-1)!.sequence;
  await source.meetings.delete(tenantUuid, board.uuid);
  caughtUp = (await feedFrom(source, tenantUuid, early)).at(-1)!.sequence;
  const erin = await source.persons.create({ tenant_uuid: tenantUuid, name: "Erin Erased", emails: [ERASED.email], linkedin_url: ERASED.linkedin_url });
  await source.persons.erase(tenantUuid, erin.uuid);
  const pruned = await source.history.prune({ olderThan: Date.now() + 60_000, tenantUuid });
  // The board meeting's removal, the feed's newest entry, and the deletions log whole.
  expect(pruned).toEqual([
    expect.objectContaining({ log: "activity_feed", prunedThroughSequence: caughtUp }),
    expect.objectContaining({ log: "record_deletions", removed: 2 }),
  ]);
}, 30_000);
afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("a tenant moved with its erasures and history horizons", () => {
  it("refuses an erased address and LinkedIn profile there as here", async () => {
    const exported = tenantExportLines(sourcePath, tenantUuid);
    expect(exported.erasure_key).toHaveLength(1);
    expect(exported.erased_identifiers.length).toBeGreaterThanOrEqual(2);
    const target = await importedStore("erasures", exported, tenantUuid);
    for (const identifier of [{ emails: [ERASED.email] }, { linkedin_url: ERASED.linkedin_url }]) {
      const create = (store: Store) => answerOf(store.persons.create({ tenant_uuid: tenantUuid, name: "Erin Again", ...identifier }));
      const before = await create(source);
      expect(before).toMatchObject({ refused: expect.stringContaining("was erased on a data subject's request") });
      expect(await create(target)).toEqual(before);
    }
    // Exported again, the key and the digests are the same lines.
    const again = tenantExportLines(join(folder, "erasures.db"), tenantUuid);
    for (const kind of ["erasure_key", "erased_identifiers", "history_horizons"] as const) expect(again[kind], kind).toEqual(exported[kind]);
  });

  it("refuses a poll from before the horizon there as here, and numbers the logs on after what was pruned", async () => {
    const target = await importedStore("horizons", tenantExportLines(sourcePath, tenantUuid), tenantUuid);
    for (const after of [early, 0]) {
      const before = await answerOf(feedFrom(source, tenantUuid, after));
      expect(before).toMatchObject({ refused: expect.stringContaining(`pruned through sequence ${caughtUp}`) });
      expect(await answerOf(feedFrom(target, tenantUuid, after))).toEqual(before);
    }
    const deletionsBefore = await answerOf(deletionLog(source, tenantUuid, { afterSequence: 0 }));
    expect(deletionsBefore).toMatchObject({ refused: expect.stringContaining("deletions log was pruned") });
    expect(await answerOf(deletionLog(target, tenantUuid, { afterSequence: 0 }))).toEqual(deletionsBefore);
    // A poller at the horizon sees the next removal on both, numbered after what it read.
    for (const store of [source, target]) await store.meetings.delete(tenantUuid, lunchUuid);
    const next = await feedFrom(target, tenantUuid, caughtUp);
    expect(next.map(({ sequence, uuid, removed }) => ({ sequence, uuid, removed }))).toEqual([{ sequence: caughtUp + 1, uuid: lunchUuid, removed: true }]);
    expect(next).toEqual(await feedFrom(source, tenantUuid, caughtUp));
  });

  it("imports an export made before 2026-12-08 (no erasures, no horizons) as before, and refuses digests without their key", async () => {
    const exported = tenantExportLines(sourcePath, tenantUuid);
    const older = { ...exported, history_horizons: [], erasure_key: [], erased_identifiers: [] };
    const target = await importedStore("older", older, tenantUuid);
    expect(await feedFrom(target, tenantUuid, 0)).toEqual(await feedFrom(target, tenantUuid));
    expect(await answerOf(target.persons.create({ tenant_uuid: tenantUuid, name: "Erin Again", emails: [ERASED.email] }))).toHaveProperty("value");
    await expect(importedStore("bad-key", { ...exported, erasure_key: [{ json: JSON.stringify({ key: "Zz", created_at: START }), content: null }] }, tenantUuid)).rejects.toThrow(
      new InvalidInputError('field "key": expecting lowercase hexadecimal bytes, got "Zz"'),
    );
    await expect(importedStore("keyless", { ...exported, erasure_key: [] }, tenantUuid)).rejects.toThrow(
      new InvalidInputError(`field "digest": the export holds no erasure_key, without which digest ${JSON.parse(exported.erased_identifiers[0]!.json).digest} matches no address`),
    );
  });
});
