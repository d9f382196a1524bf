/**
 * The erasure's statements over a heavy contact's emails and meetings run a thousand rows at a time. Whatever the
 * emails and meetings, erasing in chunks of one row must do what erasing in one chunk does: the same emails deleted
 * and kept, the same latest lost times per remaining person, the same meetings rewritten, the same rows left.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { eraseActivity } from "./erase-activity.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const PERSONS = 5;
const folder = mkdtempSync(join(tmpdir(), "rapport-erase-activity-chunks-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const person = fc.integer({ min: 0, max: PERSONS - 1 });
const when = fc.integer({ min: -6, max: 1 }).map((days) => NOW + days * day);
const step = fc.oneof(
  fc.record({ kind: fc.constant("email" as const), sentAt: when, from: person, to: fc.uniqueArray(person, { minLength: 1, maxLength: 3 }) }),
  fc.record({
    kind: fc.constant("meeting" as const),
    startsAt: when,
    attendees: fc.uniqueArray(fc.record({ person, response: fc.constantFrom("accepted" as const, "declined" as const) }), {
      selector: (attendee) => attendee.person,
      minLength: 1,
      maxLength: 3,
    }),
    deleted: fc.boolean(),
  }),
);

const ROWS = {
  emails: "select uuid, from_person_uuid, sent_at from emails order by uuid",
  email_participants: "select email_uuid, person_uuid, role from email_participants order by email_uuid, person_uuid, role",
  meetings: "select uuid, organizer_person_uuid, updated_at, deleted_at from meetings order by uuid",
  meeting_attendees: "select meeting_uuid, person_uuid, response, counted_at from meeting_attendees order by meeting_uuid, person_uuid",
};

async function eraseIn(path: string, tenantUuid: string, erased: string[], rowsPerStatement: number | undefined) {
  const sqlite = new SqliteDatabase(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const activity = await eraseActivity(db, tenantUuid, erased, NOW, rowsPerStatement);
    const rows = Object.fromEntries(Object.entries(ROWS).map(([table, query]) => [table, sqlite.prepare(query).all()]));
    return {
      deleted: [...activity.deletedEmailUuids].sort(),
      kept: [...activity.keptEmailUuids].sort(),
      rewritten: [...activity.rewrittenMeetingUuids].sort(),
      lost: [...activity.lostByPerson].sort(),
      rows,
    };
  } finally {
    await db.destroy();
  }
}

describe("eraseActivity in chunks", () => {
  it("does, a row at a time, what it does in one chunk", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), fc.boolean(), async (steps, twoErased) => {
        run += 1;
        const path = join(folder, `source-${run}.db`);
        const store = await createSqliteStore({ path, now: () => NOW });
        let tenantUuid: string;
        const persons: string[] = [];
        try {
          tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
          for (let index = 0; index < PERSONS; index += 1) persons.push((await store.persons.create({ tenant_uuid: tenantUuid, name: `Person ${index}` })).uuid);
          for (const [index, each] of steps.entries()) {
            if (each.kind === "email") {
              const to = each.to.filter((recipient) => recipient !== each.from);
              if (to.length === 0) continue;
              await store.emails.ingest(tenantUuid, {
                message_id: `m${index}`,
                sent_at: each.sentAt,
                from: { person_uuid: persons[each.from]! },
                to: to.map((recipient) => ({ person_uuid: persons[recipient]! })),
              });
            } else {
              const meeting = await store.meetings.create(tenantUuid, {
                title: "Meeting",
                starts_at: each.startsAt,
                attendees: each.attendees.map((attendee) => ({ person_uuid: persons[attendee.person]!, response: attendee.response })),
              });
              if (each.deleted) await store.meetings.delete(tenantUuid, meeting.uuid);
            }
          }
        } finally {
          await store.close();
        }
        const erased = twoErased ? [persons[0]!, persons[1]!] : [persons[0]!];
        const oneAtATime = join(folder, `one-at-a-time-${run}.db`);
        const allAtOnce = join(folder, `all-at-once-${run}.db`);
        copyFileSync(path, oneAtATime);
        copyFileSync(path, allAtOnce);
        expect(await eraseIn(oneAtATime, tenantUuid, erased, 1)).toEqual(await eraseIn(allAtOnce, tenantUuid, erased, undefined));
      }),
      { numRuns: 25 },
    );
  });
});
