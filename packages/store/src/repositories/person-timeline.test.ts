import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import type { PageRequest } from "../pagination/keyset-page.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { migrations } from "../sqlite/migrations/index.js";
import type { Store } from "../store.js";
import { planOf, readDuring } from "../testing/sqlite-plans.js";

let store: Store;
let tenantUuid: string;
beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

/** A seeded stream of numbers in [0, 1): the same activity on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Emails (some to their own sender, some sharing a time) and meetings (declined, cancelled, moved, deleted) among three persons. */
async function seedActivity() {
  const persons = await Promise.all(
    ["ada", "bob", "cleo"].map((name) => store.persons.create({ tenant_uuid: tenantUuid, name, emails: [`${name}@x.example`] })),
  );
  const random = seeded(7);
  const pick = () => persons[Math.floor(random() * persons.length)]!;
  for (let index = 0; index < 40; index += 1) {
    const from = pick();
    // Times repeat (index / 2): ties are ordered by uuid.
    await store.emails.ingest(tenantUuid, {
      message_id: `m${index}`,
      sent_at: Math.floor(index / 2) * 10,
      from: { person_uuid: from.uuid },
      to: [{ person_uuid: pick().uuid }],
      cc: random() < 0.3 ? [{ person_uuid: from.uuid }] : [],
    });
  }
  for (let index = 0; index < 20; index += 1) {
    const meeting = await store.meetings.create(tenantUuid, {
      title: `M${index}`,
      starts_at: index * 15,
      status: index % 7 === 3 ? "cancelled" : "confirmed",
      attendees: [{ person_uuid: pick().uuid, response: random() < 0.2 ? "declined" : "accepted" }, { person_uuid: pick().uuid }],
    });
    if (index % 5 === 1) await store.meetings.update(tenantUuid, meeting.uuid, { starts_at: index * 15 + 2 });
    if (index % 6 === 4) await store.meetings.delete(tenantUuid, meeting.uuid);
  }
  return persons;
}

const STRANGER = "00000000-0000-4000-8000-000000000000";

describe("a person's timeline", () => {
  it("lists what the group timeline lists for the person alone, page by page, by offset and by cursor", async () => {
    const persons = await seedActivity();
    for (const person of persons) {
      const alone = (request: PageRequest) => store.interactions.timeline(tenantUuid, [person.uuid], request);
      // A stranger with no activity makes it a group of two: the general path, each interaction once.
      const inGroup = (request: PageRequest) => store.interactions.timeline(tenantUuid, [person.uuid, STRANGER], request);
      const whole = await inGroup({ position: { kind: "offset", offset: 0 }, limit: 1_000 });
      expect(whole.total).toBeGreaterThan(10);
      expect(new Set(whole.rows.map((row) => row.uuid)).size).toBe(whole.rows.length);
      expect(await alone({ position: { kind: "offset", offset: 0 }, limit: 1_000 })).toEqual(whole);
      for (const limit of [1, 3, 7]) {
        for (let offset = 0; offset <= whole.rows.length; offset += limit) {
          expect(await alone({ position: { kind: "offset", offset }, limit })).toEqual(await inGroup({ position: { kind: "offset", offset }, limit }));
        }
        let page = await alone({ position: { kind: "offset", offset: 0 }, limit });
        const walked = [...page.rows];
        while (page.hasMore) {
          const request: PageRequest = { position: { kind: "after", key: page.lastKey! }, limit };
          page = await alone(request);
          expect(page).toEqual(await inGroup(request));
          walked.push(...page.rows);
        }
        expect(walked).toEqual(whole.rows);
      }
    }
  });

  it("reads the person's page in the indexes' order and counts it without sorting", async () => {
    const [ada] = await seedActivity();
    const sources = await readDuring(() => store.interactions.timeline(tenantUuid, [ada!.uuid], { position: { kind: "offset", offset: 2 }, limit: 5 }));
    const page = sources.find((source) => /union all/i.test(source) && /limit/i.test(source));
    const total = sources.find((source) => /count\(\*\)/i.test(source));
    expect(page).toBeDefined();
    expect(total).toBeDefined();
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
      const pagePlan = planOf(sqlite, page!);
      expect(pagePlan).toContain("MERGE (UNION ALL)");
      expect(pagePlan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)");
      expect(pagePlan).toContain("COVERING INDEX meeting_attendees_person_counted");
      expect(pagePlan).not.toContain("FOR ORDER BY");
      const totalPlan = planOf(sqlite, total!);
      expect(totalPlan).toContain("COVERING INDEX email_participants_person_sent (tenant_uuid=? AND person_uuid=?)");
      expect(totalPlan).not.toContain("TEMP B-TREE");
    } finally {
      await db.destroy();
    }
  });
});
