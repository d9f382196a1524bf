import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import { TIMELINE_TABLES, TIMELINES } from "./0036-timeline-generations.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-timeline-generations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0036-timeline-generations", () => {
  it("raises the timelines generation on every insert, update and delete of each table it counts from", async () => {
    const path = join(folder, "triggers.db");
    await (await createSqliteStore({ path })).close();
    const sqlite = new SqliteDatabase(path, { readonly: true });
    try {
      const triggers = new Set(sqlite.prepare("select name from sqlite_master where type = 'trigger'").pluck().all() as string[]);
      for (const table of TIMELINE_TABLES) {
        for (const event of ["insert", "update", "delete"]) expect(triggers).toContain(`${table}_raise_${TIMELINES}_on_${event}`);
      }
    } finally {
      sqlite.close();
    }
  });

  it("never takes the generation back, though the feed's triggers write it with insert or replace", async () => {
    const path = join(folder, "replace.db");
    const store = await createSqliteStore({ path });
    const sqlite = new SqliteDatabase(path, { readonly: true });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["ada@acme.example"] });
      const generation = () => sqlite.prepare("select generation from change_generations where tenant_uuid = ? and scope = ?").pluck().get(tenant.uuid, TIMELINES) as number;
      const meeting = await store.meetings.create(tenant.uuid, { title: "Intro", starts_at: 0, status: "confirmed", attendees: [{ person_uuid: ada.uuid }] });
      const seen = [generation()];
      // Each status change moves the meeting's feed entry to a new sequence (`insert or replace`, migration 0033).
      for (const status of ["cancelled", "confirmed", "cancelled", "confirmed"] as const) {
        await store.meetings.update(tenant.uuid, meeting.uuid, { status });
        seen.push(generation());
      }
      for (const [at, value] of seen.entries()) if (at > 0) expect(value).toBeGreaterThan(seen[at - 1]!);
    } finally {
      sqlite.close();
      await store.close();
    }
  });
});
