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
    // Their file names too: a mailbox exported under her address, a card under his name.
    const inbox = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false, file_name: "ZELDA@quintero.example.mbox" });
    const problems = [
      { position: "message 3", message: "unreadable Cc header: <ZELDA@quintero.example>, <cleo@globex.example" },
      { position: "message 9", message: "address zq@oldmail.example already belongs to Zoltan Quimby" },
      { position: "message 12", message: "no date" },
    ];
    await store.importJobs.finish(tenantUuid, inbox.uuid, { status: "succeeded", summary: { problems: { count: 3, first: problems } }, error: null });
    const cards = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "Zoltan Quimby.vcf" });
    await store.importJobs.finish(tenantUuid, cards.uuid, { status: "failed", summary: null, error: "card 2 (zoltan@quimby.example): bad card" });
    const unrelated = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "cleo.vcf" });
    await store.importJobs.finish(tenantUuid, unrelated.uuid, { status: "failed", summary: null, error: "cleo@globex.example: bad card" });
    // A deleted meeting she organized still names her as organizer.
    const offsite = await store.meetings.create(tenantUuid, { title: "Offsite", starts_at: NOW - 2 * DAY, organizer: { person_uuid: zelda.uuid }, attendees: [{ person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] });
    await store.meetings.delete(tenantUuid, offsite.uuid);
    // Answers kept for writes sent with an Idempotency-Key (migration 0069): one created her, one names only Cleo.
    for (const [key, response] of [["create-zelda", `{"uuid":"${zelda.uuid}","email":"zelda@quintero.example"}`], ["create-note", `{"content":"met ${cleo.uuid}"}`]] as const) {
      const request = { caller: "key:", key, fingerprint: key, at: NOW, keepForMs: DAY, staleAfterMs: 300_000 };
      const claim = await store.idempotentRequests.claim(tenantUuid, request);
      if (claim.outcome !== "claimed") throw new Error(claim.outcome);
      await store.idempotentRequests.answer(tenantUuid, { caller: "key:", key, claim: claim.claim, status: 201, response, at: NOW, keepForMs: DAY });
    }
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
    expect([(await store.importJobs.get(tenantUuid, inbox.uuid))?.file_name, (await store.importJobs.get(tenantUuid, cards.uuid))?.file_name]).toEqual([
      "[erased].mbox",
      "[erased].vcf",
    ]);
    // The answer naming her is forgotten (a retry runs again); the other is still given back.
    const retried = (key: string) => store.idempotentRequests.claim(tenantUuid, { caller: "key:", key, fingerprint: key, at: NOW, keepForMs: DAY, staleAfterMs: 300_000 });
    expect((await retried("create-zelda")).outcome).toBe("claimed");
    expect(await retried("create-note")).toEqual({ outcome: "answered", status: 201, response: `{"content":"met ${cleo.uuid}"}`, entity_tag: null });
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

  it("refuses an active user's own person, saying to deactivate the user first, and writes nothing", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, ada } = tenant;
    const needles = [ada.person_uuid, "ada@acme.example"];
    const before = tracesIn(path, needles);
    await expect(store.persons.erase(tenantUuid, ada.person_uuid)).rejects.toThrow(ConflictError);
    await expect(store.persons.erase(tenantUuid, ada.person_uuid)).rejects.toThrow(
      `person ${ada.person_uuid} is active user ${ada.uuid}'s own person: deactivate the user first (rapport users deactivate), then erase the person`,
    );
    expect(tracesIn(path, needles)).toEqual(before);
    expect(await store.persons.get(tenantUuid, ada.person_uuid)).not.toBeNull();
    expect(await store.emails.get(tenantUuid, "only-her-and-ada")).not.toBeNull();
    expect((await store.users.get(tenantUuid, ada.uuid))?.email).toBe("ada@acme.example");
  });

  it("erases a deactivated user's own person, their account kept for the records naming it with nothing personal left", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, ada, cleo } = tenant;
    const imogen = await store.users.create({ tenant_uuid: tenantUuid, name: "Imogen Fairweather", email: "imogen@acme.example", role: "member" });
    const viewer = { user_uuid: null };
    // What her account holds: a password, keys (one already revoked), OAuth state; beside Ada's.
    await store.userPasswords.set(tenantUuid, imogen.uuid, "scrypt$fairweather-hash");
    const laptop = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: imogen.uuid, key_hash: "hash-1", key_prefix: "rk_1", label: "Imogen's laptop" });
    const old = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: imogen.uuid, key_hash: "hash-2", key_prefix: "rk_2", label: "Imogen old" });
    await store.apiKeys.revoke(tenantUuid, old.uuid);
    const adas = await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: ada.uuid, key_hash: "hash-3", key_prefix: "rk_3", label: "Ada's key" });
    const oauth = (id: string, userUuid: string) =>
      store.oauthModels.upsert({ model: "Session", id, payload: { accountId: `${tenantUuid}:${userUuid}`, loginTs: 1 }, grant_id: null, uid: `uid-${id}`, user_code: null, expires_at: NOW + DAY });
    await oauth("hers", imogen.uuid);
    await store.oauthModels.upsert({ model: "Grant", id: "her-grant", payload: { accountId: `${tenantUuid}:${imogen.uuid}`, clientId: "c" }, grant_id: "her-grant", uid: null, user_code: null, expires_at: NOW + DAY });
    await oauth("adas", ada.uuid);
    // Records that name her account, and her person's own activity and an import quoting her.
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Partnership" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Open" });
    const deal = await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Her deal", type_uuid: type.uuid, stage_uuid: stage.uuid, owner_user_uuid: imogen.uuid }, viewer);
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Hand over", scope: "PERSONAL", assignee_user_uuid: imogen.uuid, created_by_user_uuid: imogen.uuid }, { user_uuid: imogen.uuid });
    await store.emails.ingest(tenantUuid, { message_id: "hers-to-cleo", subject: "Handover", sent_at: NOW - DAY, from: { person_uuid: imogen.person_uuid }, to: [{ person_uuid: cleo.uuid }] });
    await store.emails.ingest(tenantUuid, { message_id: "ada-to-both", subject: "Intro", sent_at: NOW - DAY, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: imogen.person_uuid }, { person_uuid: cleo.uuid }] });
    const job = await store.importJobs.create(tenantUuid, { kind: "csv", dry_run: false, file_name: "team.csv", owner_user_uuid: imogen.uuid });
    await store.importJobs.finish(tenantUuid, job.uuid, { status: "failed", summary: null, error: "row 2 (imogen@acme.example): Imogen Fairweather is a user" });
    expect(await store.users.deactivate(tenantUuid, imogen.uuid)).toBe(true);
    const graph = await store.graphs.forTenant(tenantUuid);
    await store.nameSearch.catchUp(tenantUuid);
    const analyzer = new SqliteDatabase(path);
    analyzer.exec("analyze");
    analyzer.close();
    await othersCommitsSeen();
    const needles = [imogen.person_uuid, "Imogen", "Fairweather", "imogen@acme.example", "fairweather-hash", `${tenantUuid}:${imogen.uuid}`];
    expect(tracesIn(path, needles).length).toBeGreaterThan(15);

    expect(await store.persons.erase(tenantUuid, imogen.person_uuid)).toBe(true);

    // Her person's uuid stays only in the deletions log and as her account's person, which now answers nothing.
    expect(tracesIn(path, needles).sort()).toEqual([...erasureEntries(imogen.person_uuid), `users.person_uuid: ${imogen.person_uuid}`].sort());
    expect(await store.persons.get(tenantUuid, imogen.person_uuid)).toBeNull();
    const account = { ...imogen, name: "[erased]", email: `${imogen.uuid}@erased.invalid`, is_active: false, updated_at: NOW };
    expect(await store.users.get(tenantUuid, imogen.uuid)).toEqual(account);
    const users = await store.users.list(tenantUuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 });
    expect(users.rows.map((user) => user.uuid)).toContain(imogen.uuid);
    expect(await store.userPasswords.get(tenantUuid, imogen.uuid)).toBeNull();
    const keys = new Map((await store.apiKeys.list(tenantUuid)).map((key) => [key.uuid, key]));
    expect(keys.get(laptop.uuid)).toMatchObject({ label: null, revoked_at: NOW });
    expect(keys.get(old.uuid)).toMatchObject({ label: null, revoked_at: NOW });
    expect(keys.get(adas.uuid)).toMatchObject({ label: "Ada's key", revoked_at: null });
    expect(await store.oauthModels.find("Session", "hers")).toBeNull();
    expect(await store.oauthModels.find("Grant", "her-grant")).toBeNull();
    expect(await store.oauthModels.find("Session", "adas")).not.toBeNull();
    // The records naming her account keep it, shown by its kept name.
    const erasedReference = { user_uuid: imogen.uuid, person_uuid: imogen.person_uuid, name: "[erased]", logo_url: null };
    // Her personal task stays hers alone: the account's uuid is what decides who sees it.
    expect(await store.tasks.get(tenantUuid, task.uuid, { user_uuid: imogen.uuid })).toMatchObject({ assignee: erasedReference, created_by: erasedReference });
    expect(await store.tasks.get(tenantUuid, task.uuid, { user_uuid: ada.uuid })).toBeNull();
    expect((await store.opportunities.get(tenantUuid, deal.uuid, viewer))?.owner).toEqual(erasedReference);
    expect((await store.importJobs.get(tenantUuid, job.uuid))?.error).toBe("row 2 ([erased]): [erased] is a user");
    expect(await store.emails.get(tenantUuid, "hers-to-cleo")).toBeNull();
    expect((await store.emails.get(tenantUuid, "ada-to-both"))?.to_person_uuids).toEqual([cleo.uuid]);
    // No one to bring back; a new account may take the address again.
    await expect(store.users.reactivate(tenantUuid, imogen.uuid)).rejects.toThrow(`user ${imogen.uuid}'s person ${imogen.person_uuid} was erased`);
    expect(await store.users.get(tenantUuid, imogen.uuid)).toEqual(account);
    const again = await store.users.create({ tenant_uuid: tenantUuid, name: "Imogen Fairweather", email: "imogen@acme.example", role: "member" });
    expect(again.person_uuid).not.toBe(imogen.person_uuid);

    const reopened = await createSqliteStore({ path, now: () => NOW });
    try {
      const fresh = await reopened.graphs.forTenant(tenantUuid);
      expect(graphAnswers(graph, tenant)).toEqual(graphAnswers(fresh, tenant));
      expect(graph.neighboursOf(imogen.person_uuid)).toEqual([]);
      expect(graph.userOfPerson(imogen.person_uuid)).toBeNull();
    } finally {
      await reopened.close();
    }
  });

  it("erases a contact a deactivated user's person was merged into, and that user's account with it", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, cleo } = tenant;
    const imogen = await store.users.create({ tenant_uuid: tenantUuid, name: "Imogen Fairweather", email: "imogen@acme.example", role: "member" });
    await store.users.deactivate(tenantUuid, imogen.uuid);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: cleo.uuid, superseded_uuid: imogen.person_uuid, preview: false, merged_by_user_uuid: null });
    expect(await store.persons.erase(tenantUuid, cleo.uuid)).toBe(true);
    expect(await store.users.get(tenantUuid, imogen.uuid)).toMatchObject({ name: "[erased]", email: `${imogen.uuid}@erased.invalid`, is_active: false });
    expect(tracesIn(path, ["Imogen", "Fairweather", "imogen@acme.example"])).toEqual([]);
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
