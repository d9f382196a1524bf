import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Meeting } from "../activity-records.js";
import type { Store } from "../store.js";

let folder: string;
let store: Store;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-meeting-external-id-"));
});
afterEach(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("meetings.findByExternalId", () => {
  it("answers the earliest created of the live meetings an older database holds under one external_id", async () => {
    const path = join(folder, "rapport.db");
    store = await createSqliteStore({ path });
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const made: Meeting[] = [];
    for (const title of ["A", "B", "C"]) made.push(await store.meetings.create(tenantUuid, { title, starts_at: 0, attendees: [], external_id: `uid-${title}` }));
    // Written before the store refused a second meeting with the same id: all three take one id, and the earliest
    // created is neither the first inserted nor the first by uuid, so no order but the creation time gives it.
    const byUuid = [...made].sort((left, right) => left.uuid.localeCompare(right.uuid));
    const earliest = made.find((meeting) => meeting !== made[0] && meeting !== byUuid[0])!;
    const raw = new SqliteDatabase(path);
    made.forEach((meeting, index) => raw.prepare("update meetings set external_id = 'uid-shared', created_at = ? where uuid = ?").run(meeting === earliest ? 1 : 1_000 + index, meeting.uuid));
    raw.close();
    expect((await store.meetings.findByExternalId(tenantUuid, "uid-shared"))?.uuid).toBe(earliest.uuid);
    await store.meetings.delete(tenantUuid, earliest.uuid);
    const next = made.filter((meeting) => meeting !== earliest)[0]!;
    expect((await store.meetings.findByExternalId(tenantUuid, "uid-shared"))?.uuid).toBe(next.uuid);
  });
});
