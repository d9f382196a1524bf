/**
 * The activity lists give an item's participants in one order whatever the page's query: a meeting's by person
 * uuid (as its attendees are listed), an email's by role then person uuid. A poller comparing what it copied with
 * what it reads again must not see a change where there is none.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-participants-order-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);

describe("activity participants' order", () => {
  let store: Store;
  let tenantUuid: string;
  let path: string;
  beforeEach(async () => {
    path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
    store = await createSqliteStore({ path, now: () => NOW });
    tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  });
  afterEach(() => store.close());

  it("is the same on the feed's first page, after a sequence and in a person's feed", async () => {
    const persons = [];
    for (const name of ["Ada", "Bob", "Cleo", "Dan"]) persons.push((await store.persons.create({ tenant_uuid: tenantUuid, name, emails: [`${name.toLowerCase()}@x.example`] })).uuid);
    // Given in descending uuid order, so the order rows were written in is not the order asked for.
    const descending = [...persons].sort().reverse();
    const [sender, ...recipients] = descending as [string, ...string[]];
    // A page of many items, as a sync reads: their participants are read together.
    for (let index = 0; index < 40; index++) {
      await store.meetings.create(tenantUuid, { title: `Other ${index}`, starts_at: NOW - 86_400_000 - index, attendees: persons.map((person_uuid) => ({ person_uuid })) });
    }
    const meeting = await store.meetings.create(tenantUuid, { title: "Board", starts_at: NOW - 3_600_000, attendees: descending.map((person_uuid) => ({ person_uuid })) });
    await store.emails.ingest(tenantUuid, { message_id: "m-1", subject: "Update", sent_at: NOW - 7_200_000, from: { person_uuid: sender }, to: recipients.map((person_uuid) => ({ person_uuid })) });

    // Statistics of a small database, as a server reopening it has them: a page's many meetings are then read by
    // a scan of the attendee rows, in the order they were written, rather than through the index.
    const analyzer = new SqliteDatabase(path);
    analyzer.exec("analyze");
    analyzer.close();
    await store.close();
    store = await createSqliteStore({ path, now: () => NOW });

    const everything = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50 });
    const meetingItem = everything.rows.find((item) => item.uuid === meeting.uuid)!;
    const emailItem = everything.rows.find((item) => item.kind === "email")!;
    expect(meetingItem.person_uuids).toEqual([...persons].sort());
    expect(meetingItem.participants.map((participant) => participant.person_uuid)).toEqual([...persons].sort());
    expect(meetingItem.person_uuids).toEqual((await store.meetings.get(tenantUuid, meeting.uuid))!.attendees.map((attendee) => attendee.person_uuid));
    // An email's sender, then its recipients, each role by uuid ("from" sorts before "to").
    expect(emailItem.person_uuids).toEqual([sender, ...[...recipients].sort()]);

    for (const item of [meetingItem, emailItem]) {
      const alone = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 1, afterSequence: item.sequence - 1 });
      expect(alone.rows[0]!.person_uuids).toEqual(item.person_uuids);
      const ofOne = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50, personUuid: persons[0]! });
      expect(ofOne.rows.find((row) => row.uuid === item.uuid)!.person_uuids).toEqual(item.person_uuids);
    }
  });
});
