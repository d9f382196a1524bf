import { recommendedPaths, strongestRelationships, type RelationshipGraph } from "@rapport/graph";
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConflictError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { buildDataSubjectTenant, type DataSubjectTenant } from "../testing/data-subject-tenant.js";
import { tracesIn } from "../testing/database-traces.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erase-person-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

/**
 * What an erasure leaves of the persons: the deletions log's entry of each uuid, with nothing else (no merge naming
 * the other), so downstream copies can be erased too (GDPR Art. 19).
 */
const erasureEntries = (...personUuids: string[]) => personUuids.map((uuid) => `record_deletions.uuid: ${uuid.toLowerCase()}`).sort();

/** The persons the trigram name index finds for a word. */
function indexedPersonsNamed(path: string, word: string): number {
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const row = sqlite.prepare("select count(*) as matches from person_name_search where person_name_search match ?").get(`"${word}"`) as { matches: number };
    return row.matches;
  } finally {
    sqlite.close();
  }
}

/** What a graph answers about the persons and company that remain. */
function graphAnswers(graph: RelationshipGraph, tenant: DataSubjectTenant) {
  const options = { now: NOW };
  return {
    interactions: graph.interactionCount,
    edges: graph.edgeCount,
    cleo: strongestRelationships(graph, { entity: "person", uuid: tenant.cleo.uuid }, options),
    dan: strongestRelationships(graph, { entity: "person", uuid: tenant.dan.uuid }, options),
    globex: strongestRelationships(graph, { entity: "company", uuid: tenant.globex.uuid }, options),
    pathsToCleo: recommendedPaths(graph, { entity: "person", uuid: tenant.cleo.uuid }, options),
    pathsToGlobex: recommendedPaths(graph, { entity: "company", uuid: tenant.globex.uuid }, options),
    globexMembers: graph.affiliatedPersons(tenant.globex.uuid),
  };
}

describe("persons.erase", () => {
  let path: string;
  let store: Store;
  beforeEach(async () => {
    path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
    store = await createSqliteStore({ path, now: () => NOW });
  });
  afterEach(() => store.close());

  it("leaves no trace of the person or of a person merged into them in any table, and keeps everyone else's data", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, zelda, zoltan, cleo, dan, ada } = tenant;
    // Import problems quoting her addresses and the full name of the person merged into her, beside others'.
    const inbox = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false, file_name: "inbox.mbox" });
    const problems = [
      { position: "message 3", message: "unreadable Cc header: <ZELDA@quintero.example>, <cleo@globex.example" },
      { position: "message 9", message: "address zq@oldmail.example already belongs to Zoltan Quimby" },
      { position: "message 12", message: "no date" },
    ];
    await store.importJobs.finish(tenantUuid, inbox.uuid, { status: "succeeded", summary: { problems: { count: 3, first: problems } }, error: null });
    const cards = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "cards.vcf" });
    await store.importJobs.finish(tenantUuid, cards.uuid, { status: "failed", summary: null, error: "card 2 (zoltan@quimby.example): bad card" });
    const unrelated = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "cleo.vcf" });
    await store.importJobs.finish(tenantUuid, unrelated.uuid, { status: "failed", summary: null, error: "cleo@globex.example: bad card" });
    // A deleted meeting she organized still names her as organizer.
    const offsite = await store.meetings.create(tenantUuid, { title: "Offsite", starts_at: NOW - 2 * DAY, organizer: { person_uuid: zelda.uuid }, attendees: [{ person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] });
    await store.meetings.delete(tenantUuid, offsite.uuid);
    const graph = await store.graphs.forTenant(tenantUuid);
    await store.nameSearch.catchUp(tenantUuid);
    expect(await store.persons.get(tenantUuid, zelda.uuid)).not.toBeNull();
    // Sampled statistics, as `PRAGMA optimize` may take them at an opening.
    const analyzer = new SqliteDatabase(path);
    analyzer.exec("analyze");
    analyzer.close();
    await othersCommitsSeen();
    const needles = [zelda.uuid, zoltan.uuid, "Zelda", "Quintero", "zelda@quintero.example", "zq@oldmail.example", "Zoltan", "Quimby", "zoltan@quimby.example"];
    expect(tracesIn(path, needles).length).toBeGreaterThan(20);
    expect(indexedPersonsNamed(path, "quintero")).toBe(1);

    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);

    expect(tracesIn(path, needles).sort()).toEqual(erasureEntries(zelda.uuid, zoltan.uuid));
    expect(indexedPersonsNamed(path, "quintero")).toBe(0);
    expect(indexedPersonsNamed(path, "quimby")).toBe(0);
    expect(await store.persons.get(tenantUuid, zelda.uuid)).toBeNull();
    expect(await store.personMerges.mergedInto(tenantUuid, zoltan.uuid)).toBeNull();
    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(false);

    // Everyone else's data stays: persons, shared emails and meetings, the deal, the note, the task, the list.
    expect((await store.persons.get(tenantUuid, cleo.uuid))?.emails.map((email) => email.address)).toEqual(["cleo@globex.example"]);
    expect(await store.emails.get(tenantUuid, "only-her-and-ada")).toBeNull();
    expect(await store.emails.get(tenantUuid, "sent-by-her")).toBeNull();
    expect(await store.emails.get(tenantUuid, "before-the-merge")).toBeNull();
    const shared = await store.emails.get(tenantUuid, "shared");
    expect(shared?.from_person_uuid).toBe(ada.person_uuid);
    expect([...(shared?.to_person_uuids ?? [])].sort()).toEqual([cleo.uuid, dan.uuid].sort());
    expect(await store.emails.get(tenantUuid, "without-her")).not.toBeNull();
    const board = await store.meetings.get(tenantUuid, tenant.board.uuid);
    expect(board?.organizer_person_uuid).toBeNull();
    expect(board?.attendees.map((attendee) => attendee.person_uuid).sort()).toEqual([ada.person_uuid, cleo.uuid].sort());
    expect(await store.meetings.get(tenantUuid, tenant.lunch.uuid)).not.toBeNull();
    const deal = await store.opportunities.get(tenantUuid, tenant.deal.uuid, { user_uuid: null });
    expect(deal?.intro_person).toBeNull();
    expect(await store.notes.get(tenantUuid, tenant.note.uuid, { user_uuid: null })).not.toBeNull();
    expect(await store.tasks.get(tenantUuid, tenant.task.uuid, { user_uuid: null })).not.toBeNull();
    // The import problems keep their structure and everything but the quotes of her.
    expect((await store.importJobs.get(tenantUuid, inbox.uuid))?.summary).toEqual({
      problems: {
        count: 3,
        first: [
          { position: "message 3", message: "unreadable Cc header: <[erased]>, <cleo@globex.example" },
          { position: "message 9", message: "address [erased] already belongs to [erased]" },
          { position: "message 12", message: "no date" },
        ],
      },
    });
    expect((await store.importJobs.get(tenantUuid, cards.uuid))?.error).toBe("card 2 ([erased]): bad card");
    expect((await store.importJobs.get(tenantUuid, unrelated.uuid))?.error).toBe("cleo@globex.example: bad card");
    const members = await store.entityLists.members(tenantUuid, tenant.list.uuid, { position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(members.rows.map((member) => member.entity_uuid)).toEqual([cleo.uuid]);

    // The feed announces the deleted emails as removals.
    const feed = await store.interactions.feed(tenantUuid, { position: { kind: "offset", offset: 0 }, limit: 50 });
    const removed = feed.rows.filter((item) => item.removed).map((item) => item.uuid);
    expect(removed.length).toBeGreaterThanOrEqual(3);

    // The live graph followed the writes: it answers as a graph hydrated afresh from the database does.
    const reopened = await createSqliteStore({ path, now: () => NOW });
    try {
      const fresh = await reopened.graphs.forTenant(tenantUuid);
      expect(graphAnswers(graph, tenant)).toEqual(graphAnswers(fresh, tenant));
      expect(graph.companiesOf(zelda.uuid)).toEqual([]);
      expect(graph.neighboursOf(zelda.uuid)).toEqual([]);
    } finally {
      await reopened.close();
    }
  });

  it("reaches the graph another process holds (a server beside `rapport persons erase`), and only then reloads it", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, zelda, cleo } = tenant;
    // The server's store, its graph loaded; the erasure is made through another connection, as the CLI's.
    const server = await createSqliteStore({ path, now: () => NOW });
    try {
      const served = await server.graphs.forTenant(tenantUuid);
      expect(served.neighboursOf(zelda.uuid).length).toBeGreaterThan(0);
      // Its own erasure of another person is applied in place: the same graph answers.
      const dan = tenant.dan;
      expect(await server.persons.erase(tenantUuid, dan.uuid)).toBe(true);
      expect(await server.graphs.forTenant(tenantUuid)).toBe(served);
      expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
      await othersCommitsSeen();
      const after = await server.graphs.forTenant(tenantUuid);
      expect(after.neighboursOf(zelda.uuid)).toEqual([]);
      const options = { now: NOW };
      const ranked = strongestRelationships(after, { entity: "person", uuid: cleo.uuid }, options);
      expect(JSON.stringify(ranked)).not.toContain(zelda.uuid);
      const fresh = await createSqliteStore({ path, now: () => NOW });
      try {
        expect(graphAnswers(after, tenant)).toEqual(graphAnswers(await fresh.graphs.forTenant(tenantUuid), tenant));
      } finally {
        await fresh.close();
      }
    } finally {
      await server.close();
    }
  });

  it("erases a person with over a thousand addresses and thousands of emails once the statistics hold samples", async () => {
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    // As many persons merged into one can gather: each address, and its own domain, is a value to look for.
    const addresses = Array.from({ length: 1_200 }, (_, index) => `zelda${index}@domain-${index}.example`);
    const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero", emails: addresses });
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park", emails: ["cleo@globex.example"] });
    await store.transaction(async (transaction) => {
      for (let index = 0; index < 3_000; index += 1) {
        await transaction.emails.ingest(tenantUuid, { message_id: `m-${index}`, subject: "Update", sent_at: NOW - index * 1_000, from: { person_uuid: cleo.uuid }, to: [{ person_uuid: zelda.uuid }] });
      }
    });
    const analyzer = new SqliteDatabase(path);
    analyzer.exec("analyze");
    analyzer.close();
    await othersCommitsSeen();
    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
    expect(tracesIn(path, [zelda.uuid, "Quintero", addresses[0]!, addresses[1_199]!])).toEqual(erasureEntries(zelda.uuid));
    expect(await store.emails.get(tenantUuid, "m-0")).toBeNull();
    expect(await store.persons.get(tenantUuid, cleo.uuid)).not.toBeNull();
  });

  it("moves the updated_at of the opportunities linked to the person, as any change of their links does", async () => {
    let clock = NOW;
    const moving = await createSqliteStore({ path: join(folder, "stamps.db"), now: () => clock });
    try {
      const tenantUuid = (await moving.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const zelda = await moving.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero" });
      const cleo = await moving.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park" });
      const type = await moving.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
      const stage = await moving.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      const viewer = { user_uuid: null };
      const deal = (associated: string) =>
        moving.opportunities.create(
          { tenant_uuid: tenantUuid, name: `With ${associated}`, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: associated }] },
          viewer,
        );
      const hers = await deal(zelda.uuid);
      const others = await deal(cleo.uuid);
      clock += DAY;
      expect(await moving.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
      expect((await moving.opportunities.get(tenantUuid, hers.uuid, viewer))?.updated_at).toBe(clock);
      expect((await moving.opportunities.get(tenantUuid, others.uuid, viewer))?.updated_at).toBe(NOW);
    } finally {
      await moving.close();
    }
  });

  it("refuses a user's own person, active or deactivated, and writes nothing", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, ada } = tenant;
    const needles = [ada.person_uuid, "ada@acme.example"];
    const before = tracesIn(path, needles);
    await expect(store.persons.erase(tenantUuid, ada.person_uuid)).rejects.toThrow(ConflictError);
    expect(tracesIn(path, needles)).toEqual(before);
    await expect(store.persons.erase(tenantUuid, ada.person_uuid)).rejects.toThrow(`user ${ada.uuid}'s own person`);
    await store.users.deactivate(tenantUuid, ada.uuid);
    await expect(store.persons.erase(tenantUuid, ada.person_uuid)).rejects.toThrow(`user ${ada.uuid} (deactivated)'s own person`);
    expect(await store.persons.get(tenantUuid, ada.person_uuid)).not.toBeNull();
    expect(tracesIn(path, needles).length).toBeGreaterThanOrEqual(before.length);
    expect(await store.emails.get(tenantUuid, "only-her-and-ada")).not.toBeNull();
  });

  it("writes nothing when the transaction fails part-way", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, zelda } = tenant;
    const needles = [zelda.uuid, "zelda@quintero.example"];
    const before = tracesIn(path, needles);
    await expect(
      store.transaction(async (transaction) => {
        await transaction.persons.erase(tenantUuid, zelda.uuid);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(tracesIn(path, needles)).toEqual(before);
    expect(await store.persons.get(tenantUuid, zelda.uuid)).not.toBeNull();
    expect(await store.emails.get(tenantUuid, "only-her-and-ada")).not.toBeNull();
    expect((await store.graphs.forTenant(tenantUuid)).neighboursOf(zelda.uuid).length).toBeGreaterThan(0);
  });

  it("answers false for an unknown person and another tenant's, erasing nothing", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    expect(await store.persons.erase(other, tenant.zelda.uuid)).toBe(false);
    expect(await store.persons.erase(tenant.tenantUuid, "00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await store.persons.erase(tenant.tenantUuid, tenant.zoltan.uuid)).toBe(false);
    expect(await store.persons.get(tenant.tenantUuid, tenant.zelda.uuid)).not.toBeNull();
  });
});
