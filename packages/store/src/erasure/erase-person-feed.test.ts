/**
 * An erasure in the activity feed: an email the erased person leaves, kept for its other participants, is listed
 * again at a new sequence without them (as a meeting they attended is), so a poller resuming after its last
 * sequence drops the erased person from its copy.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { buildDataSubjectTenant } from "../testing/data-subject-tenant.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erase-person-feed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);

describe("persons.erase in the activity feed", () => {
  let store: Store;
  beforeEach(async () => {
    store = await createSqliteStore({ path: join(folder, `${Math.random().toString(36).slice(2)}.db`), now: () => NOW });
  });
  afterEach(() => store.close());

  it("lists an email kept for the others again after the last sequence a poller saw, without the erased person", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, zelda, cleo, dan, ada } = tenant;
    const firstPage = { position: { kind: "offset", offset: 0 }, limit: 50 } as const;
    const before = await store.interactions.feed(tenantUuid, firstPage);
    const seen = Math.max(...before.rows.map((item) => item.sequence));
    const shared = await store.emails.get(tenantUuid, "shared");
    const untouched = await store.emails.get(tenantUuid, "without-her");

    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);

    const after = await store.interactions.feed(tenantUuid, { ...firstPage, afterSequence: seen });
    const sharedAgain = after.rows.find((item) => item.uuid === shared!.uuid);
    expect(sharedAgain).toMatchObject({ kind: "email", removed: false, recorded_at: NOW });
    expect(sharedAgain!.sequence).toBeGreaterThan(seen);
    expect([...sharedAgain!.person_uuids].sort()).toEqual([ada.person_uuid, cleo.uuid, dan.uuid].sort());
    expect(JSON.stringify(after.rows)).not.toContain(zelda.uuid);
    // An email she was not on keeps its place; each item is listed once.
    expect(after.rows.map((item) => item.uuid)).not.toContain(untouched!.uuid);
    const whole = await store.interactions.feed(tenantUuid, firstPage);
    expect(whole.rows.filter((item) => item.uuid === shared!.uuid)).toHaveLength(1);
  });

  it("records every entry of one erasure at one time, those its triggers write (rows deleted outright) included", async () => {
    let tick = NOW;
    const ticking = await createSqliteStore({ path: join(folder, "ticking.db"), now: () => (tick += 1) });
    try {
      const { tenantUuid, zelda } = await buildDataSubjectTenant(ticking, NOW);
      const firstPage = { position: { kind: "offset", offset: 0 }, limit: 100 } as const;
      const seen = Math.max(...(await ticking.interactions.feed(tenantUuid, firstPage)).rows.map((item) => item.sequence));
      expect(await ticking.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
      const after = (await ticking.interactions.feed(tenantUuid, { ...firstPage, afterSequence: seen })).rows;
      expect(after.some((item) => item.removed)).toBe(true);
      expect(after.some((item) => !item.removed)).toBe(true);
      expect(new Set(after.map((item) => item.recorded_at)).size).toBe(1);
    } finally {
      await ticking.close();
    }
  });
});
