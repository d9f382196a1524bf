/**
 * Each tenant's activity feed and deletions log number their entries themselves (migration 0062): another tenant's
 * writes leave no gap, a number is never handed out twice, not even by two processes on one file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createDeletionLogTenant, deletionLog, recordBuilders } from "../testing/deletion-log-tenant.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-sequences-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A tenant with two persons to write emails between. */
async function tenantWithPersons(store: Store, name: string) {
  const tenantUuid = (await store.tenants.create({ name, tier: "standard" })).uuid;
  const from = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: [`ada@${name}.example`] })).uuid;
  const to = (await store.persons.create({ tenant_uuid: tenantUuid, name: "Bob", emails: [`bob@${name}.example`] })).uuid;
  let messages = 0;
  return {
    tenantUuid,
    from,
    to,
    /** Ingests one more email between the two; resolves to its uuid. */
    async email(writer: Store = store) {
      messages += 1;
      const message = `<${messages}@${name}.example>`;
      const result = await writer.emails.ingest(tenantUuid, { message_id: message, subject: message, sent_at: 1_000, from: { person_uuid: from }, to: [{ person_uuid: to }], cc: [] });
      return result.email.uuid;
    },
  };
}

/** Every sequence of the tenant's feed, first to last, following cursors. */
async function feedSequences(store: Store, tenantUuid: string, afterSequence?: number): Promise<number[]> {
  const sequences: number[] = [];
  let page = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 2, ...(afterSequence === undefined ? {} : { afterSequence }) });
  sequences.push(...page.rows.map((row) => row.sequence));
  while (page.hasMore) {
    page = await store.interactions.feed(tenantUuid, { position: { kind: "after", key: page.lastKey! }, limit: 2, ...(afterSequence === undefined ? {} : { afterSequence }) });
    sequences.push(...page.rows.map((row) => row.sequence));
  }
  return sequences;
}

const oneTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe("each tenant's log sequences", () => {
  let store: Store;
  beforeEach(async () => {
    store = await createSqliteStore({ path: ":memory:" });
  });
  afterEach(() => store.close());

  it("number each tenant's feed 1, 2, 3... whatever another tenant writes in between", async () => {
    const acme = await tenantWithPersons(store, "acme");
    const globex = await tenantWithPersons(store, "globex");
    await acme.email();
    for (let round = 0; round < 3; round += 1) {
      await globex.email();
      await globex.email();
      await acme.email();
    }
    expect(await feedSequences(store, acme.tenantUuid)).toEqual(oneTo(4));
    expect(await feedSequences(store, globex.tenantUuid)).toEqual(oneTo(6));
    // A poller of Acme holding 2 reads Acme's 3 and 4: Globex's writes moved nothing of Acme's.
    expect(await feedSequences(store, acme.tenantUuid, 2)).toEqual([3, 4]);
  });

  it("number each tenant's deletions log 1, 2, 3... whatever another tenant deletes in between", async () => {
    const acme = await createDeletionLogTenant(store, "Acme");
    const globex = await createDeletionLogTenant(store, "Globex");
    const [acmeNotes, globexNotes] = [recordBuilders(store, acme), recordBuilders(store, globex)];
    for (let round = 0; round < 3; round += 1) {
      expect(await store.notes.delete(globex.tenantUuid, await globexNotes.note())).toBe(true);
      expect(await store.notes.delete(acme.tenantUuid, await acmeNotes.note())).toBe(true);
      expect(await store.files.delete(globex.tenantUuid, await globexNotes.file())).toBe(true);
    }
    expect((await deletionLog(store, acme.tenantUuid)).map((entry) => entry.sequence)).toEqual(oneTo(3));
    expect((await deletionLog(store, globex.tenantUuid)).map((entry) => entry.sequence)).toEqual(oneTo(6));
  });

  it("never hand out a number again, not even when the tenant's newest entry is rewritten or removed", async () => {
    const acme = await tenantWithPersons(store, "acme");
    await acme.email();
    const meeting = await store.meetings.create(acme.tenantUuid, { title: "Kickoff", starts_at: 5_000, attendees: [{ person_uuid: acme.from }] });
    expect(await feedSequences(store, acme.tenantUuid)).toEqual([1, 2]);
    // The meeting's entry (2, the newest) is replaced by the rewrite: the new entry is 3, so a poller holding 2 sees it.
    await store.meetings.update(acme.tenantUuid, meeting.uuid, { title: "Kickoff, moved" });
    expect(await feedSequences(store, acme.tenantUuid, 2)).toEqual([3]);
    expect(await store.meetings.delete(acme.tenantUuid, meeting.uuid)).toBe(true);
    await acme.email();
    expect(await feedSequences(store, acme.tenantUuid)).toEqual([1, 4, 5]);
  });

  it("give two processes writing one tenant each number once, in commit order", async () => {
    const path = join(folder, "shared.db");
    const first = await createSqliteStore({ path });
    const second = await createSqliteStore({ path });
    try {
      const acme = await tenantWithPersons(first, "acme");
      const globex = await tenantWithPersons(first, "globex");
      const written: string[] = [];
      for (const writer of [first, second, second, first, second]) {
        written.push(await acme.email(writer));
        await globex.email(writer === first ? second : first);
        await othersCommitsSeen();
      }
      for (const reader of [first, second]) {
        const page = await reader.interactions.feed(acme.tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50 });
        expect(page.rows.map((row) => [row.sequence, row.uuid])).toEqual(written.map((uuid, index) => [index + 1, uuid]));
        expect(await feedSequences(reader, globex.tenantUuid)).toEqual(oneTo(5));
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});
