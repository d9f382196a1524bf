/**
 * Migration 0057: a store holding one message under both forms of its Message-ID reads, once merged, as a store that
 * ingested each message once: same emails, bodies, relationship scores and opportunity dates; the merged-away email
 * leaves the activity feed as removed, and another tenant's emails stay as they are.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connectionScore } from "@rapport/graph";
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";
import type { Store } from "../../store.js";
import { messageIdForms } from "../../repositories/message-id-forms.js";
import { migrations } from "./index.js";
import { mergeMessageIdForms } from "./0057-message-id-forms-merged.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 50 };

/** One message as ingested: its id, time, addresses and body. */
interface Message {
  id: string;
  at: number;
  from: string;
  to: string[];
  body?: string;
}

// Each message stored first in one form (kept), then again in the other, renamed into place afterwards: ingest now
// answers DUPLICATE for the other form, so only a database written before it holds both.
const kept: Message[] = [
  { id: "<a@acme.example>", at: NOW - 5 * day, from: "me@acme.example", to: ["cleo@globex.example"] },
  { id: "b@acme.example", at: NOW - 7 * day, from: "ada@x.example", to: ["cleo@globex.example"], body: "Kept body" },
  { id: "<c@acme.example>", at: NOW - 3 * day, from: "me@acme.example", to: ["ada@x.example"] },
];
// The other form of a: later, with Bo on it, and a body a has not; of b: the same message.
const twice: Message[] = [
  { id: "a@acme.example", at: NOW - 2 * day, from: "me@acme.example", to: ["cleo@globex.example", "bo@x.example"], body: "Synced body" },
  { id: "<b@acme.example>", at: NOW - 7 * day, from: "ada@x.example", to: ["cleo@globex.example"], body: "Other body" },
];

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "rapport-0057-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** A store at `path` whose clock moves one millisecond a read, so each email is stored after the one before. */
async function openStore(path: string): Promise<Store> {
  let tick = 0;
  return createSqliteStore({ path, now: () => NOW + (tick += 1) });
}

/** Writes the tenant's persons, opportunities and `messages` (each stored under `storedAs(message)`). */
async function scene(store: Store, tenantUuid: string, messages: Message[], storedAs = (message: Message) => message.id): Promise<void> {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
  const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const bo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Bo", emails: ["bo@x.example"] });
  await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada", emails: ["ada@x.example"] });
  await store.persons.create({ tenant_uuid: tenantUuid, name: "Me", emails: ["me@acme.example"] });
  for (const [name, associations] of [
    ["Globex deal", [{ entity_type: "COMPANY" as const, entity_uuid: globex.uuid }, { entity_type: "PERSON" as const, entity_uuid: cleo.uuid }]],
    ["Bo deal", [{ entity_type: "PERSON" as const, entity_uuid: bo.uuid }]],
  ] as const) {
    await store.opportunities.create({ tenant_uuid: tenantUuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [...associations] }, viewer);
  }
  for (const message of messages) {
    const { email } = await store.emails.ingest(tenantUuid, { message_id: storedAs(message), sent_at: message.at, from: { email: message.from }, to: message.to.map((email) => ({ email })) });
    if (message.body) await store.emailBodies.put(tenantUuid, email.uuid, message.body);
  }
}

/** What a reader sees of the tenant, by names and message ids rather than uuids (two stores' uuids differ). */
async function seen(store: Store, tenantUuid: string) {
  const persons = (await store.persons.list(tenantUuid, { ...firstPage, filters: {}, sort_by: "name", order: "asc" })).rows;
  const nameOf = new Map(persons.map((person) => [person.uuid, person.name]));
  const emails = (await store.emails.list(tenantUuid, { ...firstPage, filters: {}, order: "asc" })).rows;
  const graph = await store.graphs.forTenant(tenantUuid);
  const scores: Record<string, number> = {};
  for (const left of persons) for (const right of persons) if (left.name < right.name) scores[`${left.name}-${right.name}`] = connectionScore(graph, left.uuid, right.uuid, { now: NOW });
  const opportunities = (await store.opportunities.list(tenantUuid, { ...firstPage, filters: {}, order: "asc", viewer })).rows;
  const feed = (await store.interactions.feed(tenantUuid, firstPage)).rows;
  return {
    emails: await Promise.all(
      emails.map(async (email) => ({
        message_id: email.message_id,
        sent_at: email.sent_at,
        participants: email.participants.map((participant) => `${participant.role}:${nameOf.get(participant.person_uuid)}`).sort(),
        body: await store.emailBodies.get(tenantUuid, email.uuid),
      })),
    ),
    scores,
    opportunities: Object.fromEntries(
      opportunities.map((opportunity) => [opportunity.name, [opportunity.person_last_activity_at, opportunity.company_last_activity_at, opportunity.last_activity_at]]),
    ),
    listedEmails: feed.filter((item) => !item.removed).length,
  };
}

describe("migration 0057", () => {
  it("leaves a store with both forms of a message as a store that ingested each message once reads", async () => {
    const path = join(directory, "rapport.db");
    const store = await openStore(path);
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const otherUuid = (await store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    await scene(store, tenantUuid, [...kept, ...twice], (message) => (twice.includes(message) ? `renamed-${message.id}` : message.id));
    // Another tenant holding a's other form is no pair of the first tenant's a.
    await scene(store, otherUuid, [twice[0]!]);
    const otherBefore = await seen(store, otherUuid);
    await store.close();

    const sqlite = new SqliteDatabase(path);
    for (const message of twice) sqlite.prepare("update emails set message_id = ? where message_id = ?").run(message.id, `renamed-${message.id}`);
    const survivorOfA = sqlite.prepare("select uuid from emails where tenant_uuid = ? and message_id = ?").pluck().get(tenantUuid, kept[0]!.id) as string;
    const losers = sqlite.prepare("select uuid from emails where tenant_uuid = ? and message_id in (?, ?)").pluck().all(tenantUuid, ...twice.map((message) => message.id)) as string[];
    await mergeMessageIdForms(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }), NOW);
    sqlite.close();

    const merged = await openStore(path);
    const fresh = await openStore(":memory:");
    try {
      const freshTenant = (await fresh.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      // Each message once, in the form first stored, with a's body from its other form (a kept none).
      await scene(fresh, freshTenant, kept.map((message) => (message.id === "<a@acme.example>" ? { ...message, body: "Synced body" } : message)));
      const expected = await seen(fresh, freshTenant);
      expect(expected.opportunities["Bo deal"]).toEqual([null, null, null]);
      expect(await seen(merged, tenantUuid)).toEqual(expected);

      const feed = (await merged.interactions.feed(tenantUuid, firstPage)).rows;
      expect(feed.filter((item) => item.removed).map((item) => item.uuid).sort()).toEqual([...losers].sort());
      // a took a body from its other form: it comes again after every email listed before.
      expect(feed.filter((item) => !item.removed).sort((left, right) => left.sequence - right.sequence).at(-1)!.uuid).toBe(survivorOfA);
      const otherAfter = await seen(merged, otherUuid);
      expect(otherAfter.emails.map((email) => email.message_id)).toEqual(["a@acme.example"]);
      expect(otherAfter).toEqual(otherBefore);
    } finally {
      await merged.close();
      await fresh.close();
    }
  });

  it("pairs exactly the ids that ingest takes for one message, each in its own tenant", async () => {
    const sqlite = new SqliteDatabase(":memory:");
    const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest()).error).toBeUndefined();
    sqlite.exec("insert into tenants (uuid, name, tier, created_at) values ('t1', 'Acme', 'standard', 1), ('t2', 'Globex', 'standard', 1)");
    // In the order stored. The inside of brackets is trimmed as JavaScript trims (a no-break space, a tab), but only
    // the bare id's bracketed form is a form of it: `< k >` is a duplicate of a stored `k`, not `k` of a stored `< g >`.
    const stored: Array<[tenant: string, id: string]> = [
      ["t1", "<e@x.example>"], ["t1", "e@x.example"],
      ["t1", "f@x.example"], ["t1", "<f@x.example>"],
      ["t1", "<\u00a0g@x.example\t>"], ["t1", "g@x.example"],
      ["t1", "k@x.example"], ["t1", "<\u00a0k@x.example\t>"],
      ["t1", "<m@x.example>"], ["t1", "m@x.example"], ["t1", "< m@x.example >"],
      ["t1", "<h@x.example"], ["t1", "h@x.example"],
      ["t1", "<a<b>"], ["t1", "a<b"], ["t1", "<>"], ["t1", "< >"],
      ["t1", "<i@x.example>"], ["t2", "i@x.example"],
    ];
    const insert = sqlite.prepare("insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, ?, ?, 1, null, 'p', ?)");
    stored.forEach(([tenant, id], index) => insert.run(`email-${index}`, tenant, id, index + 1));
    // What ingest would have kept: an id is a duplicate when a form of it is already stored (kept) in its tenant.
    const kept: typeof stored = [];
    for (const email of stored) if (!kept.some(([tenant, earlier]) => tenant === email[0] && messageIdForms(email[1]).includes(earlier))) kept.push(email);
    expect(stored.filter((email) => !kept.includes(email)).map(([, id]) => id)).toEqual(["e@x.example", "<f@x.example>", "<\u00a0k@x.example\t>", "m@x.example"]);

    await mergeMessageIdForms(db, NOW);
    expect(sqlite.prepare("select tenant_uuid, message_id from emails order by created_at").raw().all()).toEqual(kept);
    await db.destroy();
  });
});

