/**
 * The meeting list filtered by `person_uuid` (GET /v1/meetings?person_uuid=), planned under statistics like benchmark
 * scale L's. Its total, and the page of a person attending fewer than `MEETING_PAGE_WALK_FROM` meetings, come from
 * the person's attendee rows, each meeting sought by key. Before, every page walked the tenant's meetings in order,
 * testing each for the person: a person with few meetings read all of them (42 ms a page at scale M for one with
 * none, 95 ms over HTTP), and so did every total. A person attending more walks the sort's index for the page, which
 * a page fills soon.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { MEETING_SORT_FIELDS } from "../store.js";
import { useOnlyScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring, tenantWalksIn } from "../testing/sqlite-plans.js";
import { MEETING_PAGE_WALK_FROM } from "./meeting-repository.js";

const NOW = Date.UTC(2026, 0, 15);
const folder = mkdtempSync(join(tmpdir(), "rapport-meeting-attendee-plans-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Meetings attended by `personUuid` alone, written straight into the file (setup, not under test). */
function insertMeetings(path: string, tenantUuid: string, personUuid: string, count: number): void {
  const sqlite = new SqliteDatabase(path);
  try {
    const meeting = sqlite.prepare(
      "insert into meetings (uuid, tenant_uuid, title, starts_at, status, created_at, updated_at) values (?, ?, 'Standup', ?, 'confirmed', ?, ?)",
    );
    const attendee = sqlite.prepare("insert into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values (?, ?, ?, 'accepted')");
    sqlite.transaction(() => {
      for (let index = 0; index < count; index++) {
        const uuid = `0000000b-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;
        meeting.run(uuid, tenantUuid, NOW - index * 60_000, NOW, NOW - index);
        attendee.run(tenantUuid, uuid, personUuid);
      }
    })();
  } finally {
    sqlite.close();
  }
}

describe("the meeting list's person_uuid filter, under statistics like scale L's", () => {
  it("pages a person of few meetings and counts anyone's from their attendee rows; walks the sort's index only for a busy attendee's page", async () => {
    const path = join(folder, "plans.db");
    let store = await createSqliteStore({ path, now: () => NOW });
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const [few, busy] = await Promise.all(["Ada Few", "Bo Busy"].map((name) => store.persons.create({ tenant_uuid: tenantUuid, name })));
    for (const starts_at of [NOW + 3, NOW + 1, NOW + 2]) {
      await store.meetings.create(tenantUuid, { title: "Intro", starts_at, attendees: [{ person_uuid: few!.uuid }, { person_uuid: busy!.uuid }] });
    }
    await store.close();
    insertMeetings(path, tenantUuid, busy!.uuid, MEETING_PAGE_WALK_FROM);
    store = await createSqliteStore({ path, now: () => NOW });
    let statements: string[];
    try {
      statements = await preparedDuring(async () => {
        for (const sort_by of MEETING_SORT_FIELDS) {
          for (const order of ["asc", "desc"] as const) {
            for (const [person, total] of [
              [few!, 3],
              [busy!, MEETING_PAGE_WALK_FROM + 3],
            ] as const) {
              const request = { filters: { person_uuid: person.uuid }, sort_by, order, limit: 2 };
              const first = await store.meetings.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
              expect(first.total).toBe(total);
              expect(first.rows.every((meeting) => meeting.attendees.some((attendee) => attendee.person_uuid === person.uuid))).toBe(true);
              const next = await store.meetings.list(tenantUuid, { ...request, position: { kind: "after", key: first.lastKey! } });
              const column = sort_by === "updated_at" ? "updated_at" : "starts_at";
              const keys = [...first.rows, ...next.rows].map((meeting) => meeting[column]);
              expect(keys).toEqual([...keys].sort((left, right) => (order === "asc" ? left - right : right - left)));
              if (person === few) expect(next.rows).toHaveLength(1);
            }
          }
        }
      });
    } finally {
      await store.close();
    }
    const sqlite = new SqliteDatabase(path);
    try {
      useOnlyScaleLStatistics(sqlite, ["meetings", "meeting_attendees"]);
      const filtered = statements.filter((source) => /from "meetings"/.test(source) && /"meeting_attendees"/.test(source));
      const fromAttendees = filtered.filter((source) => /"meetings"\."uuid" in \(select "meeting_attendees"\."meeting_uuid"/.test(source));
      const walks = filtered.filter((source) => !fromAttendees.includes(source));
      // The total (one statement, prepared once), and per sort and order the few-meetings person's first and cursor pages.
      expect(fromAttendees.filter((source) => /count\(\*\)/.test(source))).toHaveLength(1);
      expect(fromAttendees.length).toBe(1 + MEETING_SORT_FIELDS.length * 2 * 2);
      for (const source of fromAttendees) {
        const plan = planOf(sqlite, source);
        expect(plan, source).toMatch(/SEARCH meeting_attendees USING COVERING INDEX meeting_attendees_person_counted \(tenant_uuid=\? AND person_uuid=\?\)/);
        expect(plan, source).toMatch(/SEARCH meetings USING INDEX sqlite_autoindex_meetings_1 \(uuid=\?\)/);
        expect(tenantWalksIn(plan), `${source}\n${plan}`).toEqual([]);
      }
      // The busy attendee's pages: the sort's index in order, from the cursor, each meeting probed for the person.
      expect(walks).toHaveLength(MEETING_SORT_FIELDS.length * 2 * 2);
      for (const source of walks) {
        expect(source).not.toMatch(/count\(\*\)/);
        const plan = planOf(sqlite, source);
        expect(plan, source).toMatch(/INDEX meetings_live_(starts|updated) \(tenant_uuid=\?/);
        expect(plan, source).toMatch(/sqlite_autoindex_meeting_attendees_1 \(meeting_uuid=\? AND person_uuid=\?\)/);
        expect(plan, source).not.toMatch(/TEMP B-TREE/);
      }
    } finally {
      sqlite.close();
    }
  });
});
