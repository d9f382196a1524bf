/**
 * The activity feed's and the deletions log's rows are numbered by the statements inserting them (the triggers
 * migration 0062 makes again, the store's own inserts): migration 0062's numbering trigger, which writes each row a
 * second time, is left to rows inserted by hand.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTwoPersonFeedStore, type TwoPersonFeedStore } from "../../testing/two-person-feed-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-numbered-logs-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const LOGS = ["activity_feed", "record_deletions"] as const;

let opened: TwoPersonFeedStore;
let run = 0;
beforeEach(async () => {
  opened = await openTwoPersonFeedStore(join(folder, `run-${run++}.db`));
  // Test-only: remembers every row inserted into a log, in turn, with the number its insert gave it (none: the
  // numbering trigger numbers it after).
  opened.sqlite.exec("create table log_inserts (log text not null, item text not null, sequence integer)");
  for (const [log, item] of [
    ["activity_feed", "item_uuid"],
    ["record_deletions", "uuid"],
  ])
    opened.sqlite.exec(`create trigger ${log}_remember_insert after insert on ${log} begin
      insert into log_inserts (log, item, sequence) values ('${log}', NEW.${item}, NEW.sequence);
    end`);
});
afterEach(() => opened.close());

const unnumbered = () => opened.sqlite.prepare("select log, item from log_inserts where sequence is null").all();

/** The numbers each log's inserts gave their rows, in turn (a row written again takes a new one), and its counter. */
function numbering(tenantUuid: string) {
  return LOGS.map((log) => ({
    log,
    sequences: (opened.sqlite.prepare("select sequence from log_inserts where log = ? order by rowid").all(log) as Array<{ sequence: number }>).map((row) => row.sequence),
    counter: (opened.sqlite.prepare("select last_sequence from log_sequences where tenant_uuid = ? and log = ?").get(tenantUuid, log) as { last_sequence: number } | undefined)
      ?.last_sequence,
  }));
}

function gapless(entries: number) {
  return Array.from({ length: entries }, (_, index) => index + 1);
}

describe("the logs' numbering", () => {
  it("is done by every trigger and store statement inserting into a log, in the insert", async () => {
    const { store, tenantUuid, ada, bob } = opened;
    const person = async (name: string) => (await store.persons.create({ tenant_uuid: tenantUuid, name, emails: [`${name.toLowerCase()}@x.example`] })).uuid;
    const [carol, dan, eve] = [await person("Carol"), await person("Dan"), await person("Eve")];
    await store.emails.ingestMany(tenantUuid, [
      { message_id: "one", subject: "One", sent_at: 500, from: { person_uuid: ada }, to: [{ person_uuid: bob }, { person_uuid: carol }] },
      { message_id: "two", subject: "Two", sent_at: 501, from: { person_uuid: carol }, to: [{ person_uuid: dan }, { person_uuid: eve }] },
      { message_id: "three", subject: "Three", sent_at: 502, from: { person_uuid: eve }, to: [{ person_uuid: ada }] },
    ]);
    const one = (await store.emails.get(tenantUuid, "one"))!.uuid;
    await store.emailBodies.put(tenantUuid, one, "Hello");
    const lunch = await store.meetings.create(tenantUuid, { title: "Lunch", starts_at: 600, attendees: [{ person_uuid: bob }, { person_uuid: carol }] });
    await store.meetings.update(tenantUuid, lunch.uuid, { title: "Long lunch" });
    const standup = await store.meetings.create(tenantUuid, { title: "Standup", starts_at: 601, attendees: [{ person_uuid: carol }, { person_uuid: dan }] });
    expect(await store.meetings.delete(tenantUuid, standup.uuid)).toBe(true);
    // Carol's emails and meetings are listed again for Bob (relisted by the merge), and Carol's entry is logged.
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: bob, superseded_uuid: carol, preview: false, merged_by_user_uuid: null });
    // Eve's email is deleted (an entry at its new place), the one she received relisted, her erasure logged.
    expect(await store.persons.erase(tenantUuid, eve)).toBe(true);
    const note = await store.notes.create({ tenant_uuid: tenantUuid, content: "x" }, { user_uuid: null });
    expect(await store.notes.delete(tenantUuid, note.uuid)).toBe(true);
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Hot", kind: "persons", owner_user_uuid: null });
    expect(await store.entityLists.delete(tenantUuid, list.uuid)).toBe(true);
    // Deleted outright by hand: the triggers logging a live row's removal, and a listed meeting leaving the feed.
    const kept = await store.notes.create({ tenant_uuid: tenantUuid, content: "y" }, { user_uuid: null });
    // Their rows referring to the meeting and the person stay: only the logs' triggers matter here.
    opened.sqlite.pragma("foreign_keys = off");
    opened.sqlite.prepare("delete from notes where uuid = ?").run(kept.uuid);
    opened.sqlite.prepare("delete from meetings where uuid = ?").run(lunch.uuid);
    opened.sqlite.prepare("delete from persons where uuid = ?").run(dan);

    expect(unnumbered()).toEqual([]);
    // Every path above wrote to the logs: each insert took the tenant's next number, none skipped.
    const [feedInserts, deletionInserts] = numbering(tenantUuid).map((log) => log.sequences.length);
    expect(feedInserts).toBeGreaterThan(10);
    expect(deletionInserts).toBeGreaterThan(5);
    expect(numbering(tenantUuid)).toEqual([
      { log: "activity_feed", sequences: gapless(feedInserts!), counter: feedInserts },
      { log: "record_deletions", sequences: gapless(deletionInserts!), counter: deletionInserts },
    ]);
  });

  it("still numbers a row inserted by hand without its sequence, after the tenant's last", async () => {
    const { store, tenantUuid, ada, bob } = opened;
    await store.emails.ingest(tenantUuid, { message_id: "one", subject: "One", sent_at: 500, from: { person_uuid: ada }, to: [{ person_uuid: bob }] });
    opened.sqlite
      .prepare("insert into record_deletions (tenant_uuid, entity_type, uuid, deleted_at, merged_into_uuid, visible_to_user_uuid) values (?, 'NOTE', 'by-hand', 1, null, null)")
      .run(tenantUuid);
    opened.sqlite.prepare("insert into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed) values (?, 'email', 'by-hand', 1, 1)").run(tenantUuid);
    expect(unnumbered()).toEqual([
      { log: "record_deletions", item: "by-hand" },
      { log: "activity_feed", item: "by-hand" },
    ]);
    const rows = LOGS.map((log) => opened.sqlite.prepare(`select sequence from ${log} where tenant_uuid = ? order by sequence`).all(tenantUuid));
    expect(rows).toEqual([[{ sequence: 1 }, { sequence: 2 }], [{ sequence: 1 }]]);
    expect(numbering(tenantUuid).map((log) => log.counter)).toEqual([2, 1]);
  });

  it("leaves no trigger of the schema inserting into a log without the row's number", () => {
    const triggers = opened.sqlite.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as Array<{ name: string; sql: string }>;
    const inserts = triggers.flatMap(({ name, sql }) =>
      [...sql.matchAll(/into\s+(activity_feed|record_deletions)\s*\(([^)]*)\)/g)].map((match) => ({ name, numbered: match[2]!.split(",").some((column) => column.trim() === "sequence") })),
    );
    expect(inserts.length).toBeGreaterThanOrEqual(17);
    expect(inserts.filter((insert) => !insert.numbered)).toEqual([]);
  });
});
