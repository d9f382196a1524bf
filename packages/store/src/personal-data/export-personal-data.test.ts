import { relationshipQuality } from "@rapport/graph";
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { buildDataSubjectTenant } from "../testing/data-subject-tenant.js";
import { traceRowsIn, type DatabaseTrace } from "../testing/database-traces.js";
import type { PersonalDataExport } from "./personal-data-export.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-export-personal-data-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);

/**
 * Where each table that may hold a person's data is in the export: a value of the row that the export must show,
 * or why the table is not a section of its own (it is derived from the sections' data). A table missing here
 * fails the completeness test once it holds a person's data: the export must cover it first.
 */
const COVERAGE: Record<string, ((row: Record<string, unknown>) => unknown) | { derived: string }> = {
  persons: (row) => row.uuid,
  person_emails: (row) => row.address,
  users: (row) => row.uuid,
  person_merges: (row) => row.superseded_uuid,
  // The deletions log announces each merge of a person into the subject: the merges section shows it.
  record_deletions: (row) => row.uuid,
  affiliations: (row) => row.company_uuid,
  entity_list_members: (row) => row.list_uuid,
  associations: (row) => row.owner_uuid,
  opportunities: (row) => row.uuid,
  emails: (row) => row.uuid,
  email_participants: (row) => row.email_uuid,
  email_bodies: (row) => row.body_text,
  meetings: (row) => row.uuid,
  meeting_attendees: (row) => row.meeting_uuid,
  meeting_departures: (row) => row.meeting_uuid,
  import_jobs: (row) => row.uuid,
  notes: (row) => row.uuid,
  tasks: (row) => row.uuid,
  person_name_search: { derived: "the name index: the persons' names" },
  person_name_search_data: { derived: "the name index's storage" },
  name_search_keys: { derived: "the name index's keys: the persons' uuids" },
  name_search_pending: { derived: "names waiting for the index" },
  opportunity_search_documents: { derived: "the opportunities' search text: their linked names" },
  person_changes: { derived: "the change log behind remembered reads" },
  graph_changes: { derived: "the log other processes catch their graphs up from: affiliations and merges changed" },
  opportunity_activity_pending: { derived: "the persons' latest interaction times, for their opportunities" },
  opportunity_activity_floors: { derived: "the same, as floors" },
  live_opportunity_links: { derived: "counts of the opportunity links" },
  live_opportunity_link_recency: { derived: "the opportunity links with their opportunities' times" },
  sqlite_stat4: { derived: "index statistics sampled from the tables above" },
};

/**
 * Free text that may merely mention the person, as any text may mention anyone: the export shows it when its
 * record is linked to them (checked through COVERAGE), and does not search it otherwise, as erasure leaves it.
 */
const FREE_TEXT = new Set(["notes.title", "notes.content", "tasks.title", "tasks.description", "emails.subject", "opportunities.name", "opportunities.details"]);

/** The traces an export leaves uncovered: tables it does not know, and rows it does not show. */
function uncovered(traces: readonly DatabaseTrace[], exported: PersonalDataExport): string[] {
  const text = JSON.stringify(exported).toLowerCase();
  return traces.flatMap((trace) => {
    if (FREE_TEXT.has(`${trace.table}.${trace.column}`)) return [];
    const coverage = COVERAGE[trace.table];
    if (coverage === undefined) return [`${trace.table}.${trace.column}: ${trace.needle} (a table the export does not know)`];
    if (typeof coverage !== "function") return [];
    const shown = String(coverage(trace.row)).toLowerCase();
    return text.includes(shown) ? [] : [`${trace.table}.${trace.column}: ${trace.needle} (row ${shown} not in the export)`];
  });
}

describe("persons.exportPersonalData", () => {
  let path: string;
  let store: Store;
  beforeEach(async () => {
    path = join(folder, `${Math.random().toString(36).slice(2)}.db`);
    store = await createSqliteStore({ path, now: () => NOW });
  });
  afterEach(() => store.close());

  it("shows every row of every table that holds the person's or a merged person's uuid, names or addresses, and nobody else's data", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const { tenantUuid, zelda, zoltan, cleo, dan, ada } = tenant;
    // A problem an import reported, quoting her address, and another naming nobody of hers.
    const job = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false, file_name: "inbox.mbox" });
    const problems = { count: 2, first: [{ position: "message 3", message: "unreadable Cc header: <zelda@quintero.example" }, { position: "message 9", message: "no date" }] };
    await store.importJobs.finish(tenantUuid, job.uuid, { status: "succeeded", summary: { problems }, error: null });
    const unrelated = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "cleo.vcf" });
    await store.importJobs.finish(tenantUuid, unrelated.uuid, { status: "failed", summary: null, error: "cleo@globex.example: bad card" });
    // Others' data beside hers: a note about Cleo; and a deleted note, whose links went with it, that names her.
    await store.notes.create({ tenant_uuid: tenantUuid, content: "Cleo's private salary talk", associations: [{ entity_type: "PERSON", entity_uuid: cleo.uuid }] }, { user_uuid: null });
    const old = await store.notes.create({ tenant_uuid: tenantUuid, title: "Old", content: "Zelda moved", associations: [{ entity_type: "PERSON", entity_uuid: zelda.uuid }] }, { user_uuid: null });
    await store.notes.delete(tenantUuid, old.uuid);
    await store.graphs.forTenant(tenantUuid);
    await store.nameSearch.catchUp(tenantUuid);
    const analyzer = new SqliteDatabase(path);
    analyzer.exec("analyze");
    analyzer.close();

    const exported = (await store.persons.exportPersonalData(tenantUuid, zelda.uuid))!;
    expect(exported).not.toBeNull();

    const needles = [zelda.uuid, zoltan.uuid, "Zelda", "Quintero", "zelda@quintero.example", "zq@oldmail.example", "Zoltan", "Quimby", "zoltan@quimby.example"];
    const traces = traceRowsIn(path, needles);
    expect(new Set(traces.map((trace) => trace.table)).size).toBeGreaterThan(12);
    expect(uncovered(traces, exported)).toEqual([]);

    // Each section holds what the fixture gave her.
    expect(exported.persons.map((person) => person.uuid)).toEqual([zelda.uuid, zoltan.uuid]);
    expect(exported.persons[1]).toMatchObject({ name: "Zoltan Quimby", merged_into_uuid: zelda.uuid });
    expect(exported.merges).toEqual([{ superseded_uuid: zoltan.uuid, canonical_uuid: zelda.uuid, merged_at: NOW }]);
    expect(exported.email_addresses.map((address) => address.address).sort()).toEqual(["zelda@quintero.example", "zoltan@quimby.example", "zq@oldmail.example"]);
    expect(exported.user).toBeNull();
    expect(exported.affiliations.map((affiliation) => [affiliation.company_name, affiliation.is_current])).toEqual([
      ["Globex", true],
      ["Initech", false],
    ]);
    expect(exported.lists).toEqual([{ list_uuid: tenant.list.uuid, list_name: "Targets", person_uuid: zelda.uuid, added_at: NOW }]);
    expect(exported.opportunities).toMatchObject([{ uuid: tenant.deal.uuid, name: "Series B", type_label: "Deal", stage_name: "Lead", linked: true, introduced: true }]);
    expect(exported.notes.map((note) => [note.content, note.deleted_at])).toEqual([["Call notes", null]]);
    expect(exported.tasks.map((task) => task.title)).toEqual(["Follow up"]);
    const emails = exported.emails.map((email) => [email.subject, email.roles, email.other_participant_count, email.body]);
    expect(emails).toEqual([
      ["Hello", ["to"], 1, null],
      ["Update", ["to"], 1, "Dear Zelda Quintero"],
      ["Update", ["from"], 2, null],
      ["Update", ["to"], 3, null],
    ]);
    expect(exported.meetings.map((meeting) => [meeting.title, meeting.organizer, meeting.response, meeting.left, meeting.other_attendee_count])).toEqual([
      ["Board", true, "accepted", false, 2],
      ["Lunch", false, null, true, 2],
    ]);
    expect(exported.import_mentions).toEqual([
      { import_uuid: job.uuid, kind: "mbox", file_name: "inbox.mbox", created_at: NOW, texts: ["unreadable Cc header: <zelda@quintero.example"] },
    ]);
    expect(exported.derived!.relationships.map((relationship) => [relationship.user_uuid, relationship.user_name])).toEqual([[ada.uuid, "Ada"]]);

    // Nobody else's data: not the other persons on her emails, meetings, deal and list, nor their notes.
    const text = JSON.stringify(exported);
    for (const other of [cleo.uuid, dan.uuid, ada.person_uuid, "Cleo", "cleo@globex.example", "Dan Ortiz", "dan@initech.example", "ada@acme.example", "salary", "no date", "Zelda moved"]) {
      expect(text).not.toContain(other);
    }
    // A plain JSON document.
    expect(JSON.parse(text)).toEqual(exported);
  });

  it("gives each user's connection score with the person, as the graph scores it, and the team's PathPower", async () => {
    const { tenantUuid, zelda, ada } = await buildDataSubjectTenant(store, NOW);
    const exported = (await store.persons.exportPersonalData(tenantUuid, zelda.uuid))!;
    // Scored from her own interactions: an export does not load the whole tenant's graph (a minute at scale L).
    expect(store.graphs.hydrated(tenantUuid)).toBeNull();
    const graph = await store.graphs.forTenant(tenantUuid);
    const quality = relationshipQuality(graph, ada.uuid, zelda.uuid, { now: NOW })!;
    expect(quality.rq).toBeGreaterThan(0);
    expect(exported.derived).toEqual({
      computed_at: NOW,
      relationships: [
        {
          user_uuid: ada.uuid,
          user_name: "Ada",
          connection_score: quality.rq,
          connection_score_pretty: quality.rq_pretty,
          reason: quality.rq_reason,
          interaction_count: quality.interaction_count,
          last_activity_date: quality.last_activity_date,
        },
      ],
      path_power: expect.any(Number),
      strength_label: expect.any(String),
      explanation: expect.any(Object),
    });
  });

  it("explains in plain words what each score means, with the deployment's own scoring parameters", async () => {
    const { tenantUuid, zelda } = await buildDataSubjectTenant(store, NOW);
    const { explanation } = (await store.persons.exportPersonalData(tenantUuid, zelda.uuid))!.derived!;
    expect(explanation.connection_score).toContain("half as much after 90 days");
    expect(explanation.connection_score).toContain("a meeting counts 3 times an email");
    expect(explanation.connection_score).toContain("the unmatched rest (mail that went one way only) counts 0.5 times as much");
    expect(explanation.connection_score).toContain("8 one-to-one emails exchanged today give 0.5");
    expect(explanation.path_power).toContain("the 3 highest connection scores");
    expect(explanation.strength_label).toBe("path_power in words, read to two decimals as its 0 to 100 form shows it: weak below 0.25, moderate from 0.25, strong from 0.5, very_strong from 0.75.");
    expect(explanation.use).toContain("who knows whom");

    const tuned = await createSqliteStore({
      path: ":memory:",
      now: () => NOW,
      scoringParameters: { halfLifeDays: 30, meetingWeight: 2, oneWayFactor: 1, strengthThresholds: { strong: 0.6 } },
    });
    try {
      const other = await buildDataSubjectTenant(tuned, NOW);
      const { explanation: tunedExplanation } = (await tuned.persons.exportPersonalData(other.tenantUuid, other.zelda.uuid))!.derived!;
      expect(tunedExplanation.connection_score).toContain("half as much after 30 days");
      expect(tunedExplanation.connection_score).toContain("a meeting counts 2 times an email");
      // Emails one way weigh as much as an exchange: nothing to say about it.
      expect(tunedExplanation.connection_score).not.toContain("one way");
      expect(tunedExplanation.strength_label).toContain("strong from 0.6,");
    } finally {
      await tuned.close();
    }
  });

  it("exports a user's own person with the user account, every row naming them shown", async () => {
    const { tenantUuid, ada, zelda } = await buildDataSubjectTenant(store, NOW);
    const exported = (await store.persons.exportPersonalData(tenantUuid, ada.person_uuid))!;
    const traces = traceRowsIn(path, [ada.person_uuid, "ada@acme.example"]);
    expect(traces.map((trace) => trace.table)).toContain("users");
    expect(uncovered(traces, exported)).toEqual([]);
    expect(exported.user).toMatchObject({ uuid: ada.uuid, name: "Ada", email: "ada@acme.example", role: "administrator", is_active: true });
    expect(exported.persons).toMatchObject([{ uuid: ada.person_uuid, is_internal: true }]);
    expect(exported.emails.length).toBeGreaterThan(0);
    expect(exported.derived!.relationships).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain(zelda.uuid);
  });

  it("names the files attached to the notes and tasks about the person, not those of others' records", async () => {
    const { tenantUuid, zelda, cleo, note, task, ada } = await buildDataSubjectTenant(store, NOW);
    const file = (filename: string) =>
      store.files.create({ tenant_uuid: tenantUuid, filename, content_type: "application/pdf", content: new TextEncoder().encode(filename), uploaded_by_user_uuid: ada.uuid });
    const cv = await file("zelda-cv.pdf");
    const card = await file("zelda-card.pdf");
    const theirs = await file("cleo-cv.pdf");
    await store.associations.link(tenantUuid, { type: "NOTE", uuid: note.uuid }, { type: "FILE", uuid: cv.uuid }, { user_uuid: null });
    await store.associations.link(tenantUuid, { type: "TASK", uuid: task.uuid }, { type: "FILE", uuid: card.uuid }, { user_uuid: null });
    const aboutCleo = await store.notes.create({ tenant_uuid: tenantUuid, content: "Cleo", associations: [{ entity_type: "PERSON", entity_uuid: cleo.uuid }] }, { user_uuid: null });
    await store.associations.link(tenantUuid, { type: "NOTE", uuid: aboutCleo.uuid }, { type: "FILE", uuid: theirs.uuid }, { user_uuid: null });

    const exported = (await store.persons.exportPersonalData(tenantUuid, zelda.uuid))!;
    expect(exported.notes.find((entry) => entry.uuid === note.uuid)!.attachments).toEqual([
      { uuid: cv.uuid, filename: "zelda-cv.pdf", content_type: "application/pdf", size_bytes: 12, created_at: NOW },
    ]);
    expect(exported.tasks.find((entry) => entry.uuid === task.uuid)!.attachments).toEqual([expect.objectContaining({ uuid: card.uuid, filename: "zelda-card.pdf" })]);
    expect(JSON.stringify(exported)).not.toContain("cleo-cv.pdf");
  });

  it("lists an import's texts that quote a one-word name or an address whole, not the longer ones holding it", async () => {
    const { tenantUuid } = await buildDataSubjectTenant(store, NOW);
    const eve = await store.persons.create({ tenant_uuid: tenantUuid, name: "Eve", emails: ["eve@initech.example"] });
    const problems = (...messages: string[]) => ({ problems: { count: messages.length, first: messages.map((message, index) => ({ position: `row ${index}`, message })) } });
    const theirs = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "steve.vcf" });
    await store.importJobs.finish(tenantUuid, theirs.uuid, { status: "succeeded", summary: problems("steve@initech.example: bad card", "Steve: no address"), error: null });
    const mixed = await store.importJobs.create(tenantUuid, { kind: "csv", dry_run: false, file_name: "crm.csv" });
    await store.importJobs.finish(tenantUuid, mixed.uuid, { status: "succeeded", summary: problems("<eve@initech.example>: unreadable", "every row had a date", "Eve: no company"), error: null });
    // Her card exported alone, named after her: the name is the quote.
    const card = await store.importJobs.create(tenantUuid, { kind: "vcf", dry_run: false, file_name: "Eve.vcf" });
    await store.importJobs.finish(tenantUuid, card.uuid, { status: "succeeded", summary: problems("every card had a name"), error: null });

    const exported = (await store.persons.exportPersonalData(tenantUuid, eve.uuid))!;
    // Both started at NOW: in uuid order.
    expect(exported.import_mentions).toEqual(
      [
        { import_uuid: mixed.uuid, kind: "csv", file_name: "crm.csv", created_at: NOW, texts: ["<eve@initech.example>: unreadable", "Eve: no company"] },
        { import_uuid: card.uuid, kind: "vcf", file_name: "Eve.vcf", created_at: NOW, texts: ["Eve.vcf"] },
      ].sort((left, right) => (left.import_uuid < right.import_uuid ? -1 : 1)),
    );
    expect(JSON.stringify(exported).toLowerCase()).not.toContain("steve");
  });

  it("answers null for an unknown person, another tenant's and a merged-away uuid", async () => {
    const tenant = await buildDataSubjectTenant(store, NOW);
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    expect(await store.persons.exportPersonalData(other, tenant.zelda.uuid)).toBeNull();
    expect(await store.persons.exportPersonalData(tenant.tenantUuid, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await store.persons.exportPersonalData(tenant.tenantUuid, tenant.zoltan.uuid)).toBeNull();
  });

  it("reads inside a caller's transaction, derived data only from a loaded graph, and leaves the store usable after", async () => {
    const { tenantUuid, zelda } = await buildDataSubjectTenant(store, NOW);
    const unloaded = await store.transaction((transaction) => transaction.persons.exportPersonalData(tenantUuid, zelda.uuid));
    expect(unloaded?.derived).toBeNull();
    const outside = await store.persons.exportPersonalData(tenantUuid, zelda.uuid);
    expect(outside?.derived?.relationships).toHaveLength(1);
    await store.graphs.forTenant(tenantUuid);
    const inside = await store.transaction((transaction) => transaction.persons.exportPersonalData(tenantUuid, zelda.uuid));
    expect(inside).toEqual(outside);
    expect({ ...unloaded, derived: outside!.derived }).toEqual(outside);
    expect(await store.persons.update(tenantUuid, zelda.uuid, { job_title: "CEO" })).not.toBeNull();
  });
});
