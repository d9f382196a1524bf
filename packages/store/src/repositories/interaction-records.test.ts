import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../database-schema.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { interactionsByIds } from "./interaction-records.js";

const NOW = Date.UTC(2026, 0, 15);

describe("interactionsByIds", () => {
  let folder: string;
  let store: Store;
  let reader: Kysely<Database>;
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), "rapport-interaction-records-"));
    store = await createSqliteStore({ path: join(folder, "store.db"), now: () => NOW });
    reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(join(folder, "store.db"), { readonly: true }) }) });
  });
  afterEach(async () => {
    await reader.destroy();
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("reads many interactions as one get each would, leaving out deleted meetings and another tenant's", async () => {
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const otherUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const [ada, bo, cy] = await Promise.all(["Ada", "Bo", "Cy"].map((name) => store.persons.create({ tenant_uuid: tenantUuid, name })));
    const emails = [
      (await store.emails.ingest(tenantUuid, { message_id: "a", subject: "Hi", sent_at: NOW - 2, from: { person_uuid: ada!.uuid }, to: [{ person_uuid: bo!.uuid }], cc: [{ person_uuid: cy!.uuid }] })).email.uuid,
      (await store.emails.ingest(tenantUuid, { message_id: "b", sent_at: NOW - 1, from: { person_uuid: bo!.uuid }, to: [{ person_uuid: ada!.uuid }] })).email.uuid,
    ];
    const stranger = await store.persons.create({ tenant_uuid: otherUuid, name: "Stranger" });
    const strangerTo = await store.persons.create({ tenant_uuid: otherUuid, name: "Stranger's friend" });
    const theirs = (await store.emails.ingest(otherUuid, { message_id: "c", sent_at: NOW, from: { person_uuid: stranger.uuid }, to: [{ person_uuid: strangerTo.uuid }] })).email.uuid;
    const board = await store.meetings.create(tenantUuid, {
      title: "Board",
      starts_at: NOW - 3,
      organizer: { person_uuid: ada!.uuid },
      attendees: [{ person_uuid: ada!.uuid }, { person_uuid: bo!.uuid }, { person_uuid: cy!.uuid, response: "declined" }],
    });
    const gone = await store.meetings.create(tenantUuid, { title: "Gone", starts_at: NOW - 4, attendees: [{ person_uuid: ada!.uuid }, { person_uuid: bo!.uuid }] });
    await store.meetings.delete(tenantUuid, gone.uuid);

    const readEmails = await interactionsByIds(reader, tenantUuid, "email", [...emails, theirs]);
    const readMeetings = await interactionsByIds(reader, tenantUuid, "meeting", [board.uuid, gone.uuid]);

    const sorted = (record: unknown) => ({ ...(record as object), participant_person_uuids: [...((record as { participant_person_uuids: string[] }).participant_person_uuids ?? [])].sort() });
    expect([...readEmails.keys()].sort()).toEqual([...emails].sort());
    for (const uuid of emails) expect(sorted(readEmails.get(uuid))).toEqual(sorted(await store.interactions.get(tenantUuid, "email", uuid)));
    expect([...readMeetings.keys()]).toEqual([board.uuid]);
    expect(sorted(readMeetings.get(board.uuid))).toEqual(sorted(await store.interactions.get(tenantUuid, "meeting", board.uuid)));
    expect(readMeetings.get(board.uuid)?.participant_person_uuids).toEqual([bo!.uuid]);
  });
});
