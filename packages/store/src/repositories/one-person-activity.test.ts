/**
 * An email or a meeting with one person in it (a note to oneself, an email whose recipients are its sender, a
 * calendar block, a meeting every other attendee declined) is nobody's interaction: it gives no last-activity
 * date, stored (the opportunities' dates) or live (the graph's), though the person's timeline still lists it
 * (docs/api-decisions.md, "Opportunities"). Merging the only two persons of an interaction, or erasing one of the
 * two, makes it such an interaction, and the dates it gave go down; so does merging a meeting's organizer into a person
 * who declined it (a declined attendance never counts, an organizer's neither).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Tenant } from "../records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };

let store: Store;
let tenant: Tenant;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => NOW });
  tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
});
afterEach(() => store.close());

/** Cleo and Dan at Globex, Me elsewhere; a deal linked to Cleo and Globex; an email from Me to Cleo 9 days ago. */
async function scene() {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
  const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const dan = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Dan", emails: ["dan@globex.example"], primary_company_uuid: globex.uuid });
  const me = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Me", emails: ["me@acme.example"] });
  await store.emails.ingest(tenant.uuid, { message_id: "older", sent_at: NOW - 9 * day, from: { email: "me@acme.example" }, to: [{ email: "cleo@globex.example" }] });
  const deal = await store.opportunities.create(
    {
      tenant_uuid: tenant.uuid,
      name: "Deal",
      type_uuid: type.uuid,
      stage_uuid: stage.uuid,
      associations: [{ entity_type: "PERSON", entity_uuid: cleo.uuid }, { entity_type: "COMPANY", entity_uuid: globex.uuid }],
    },
    viewer,
  );
  return { cleo, dan, me, deal };
}

/**
 * The deal's stored dates; the test fails unless they equal the graph's live dates of its associations and a
 * recomputation from the database.
 */
async function agreedDates(dealUuid: string) {
  const read = async () => {
    const deal = (await store.opportunities.get(tenant.uuid, dealUuid, viewer))!;
    const live = (type: string) => deal.associations.find((link) => link.entity_type === type)?.last_activity_at ?? null;
    return { stored: { person: deal.person_last_activity_at, company: deal.company_last_activity_at }, live: { person: live("PERSON"), company: live("COMPANY") } };
  };
  const kept = await read();
  expect(kept.stored).toEqual(kept.live);
  await store.opportunities.refreshActivity(tenant.uuid);
  expect((await read()).stored).toEqual(kept.stored);
  return kept.stored;
}

const timelineOf = async (personUuid: string) =>
  (await store.interactions.timeline(tenant.uuid, [personUuid], { position: { kind: "offset", offset: 0 }, limit: 10 })).rows.map((row) => row.title ?? row.kind);

describe("an email or meeting with one person in it", () => {
  it("an email to nobody else, or to oneself, gives no date, yet stays in the person's timeline", async () => {
    const { cleo, deal } = await scene();
    await store.emails.ingest(tenant.uuid, { message_id: "note", subject: "Note", sent_at: NOW - 2 * day, from: { email: "cleo@globex.example" } });
    await store.emails.ingest(tenant.uuid, {
      message_id: "self",
      subject: "To self",
      sent_at: NOW - 1 * day,
      from: { email: "cleo@globex.example" },
      to: [{ email: "cleo@globex.example" }],
      cc: [{ person_uuid: cleo.uuid }],
    });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    expect(await timelineOf(cleo.uuid)).toEqual(["To self", "Note", "email"]);
  });

  it("a meeting of one, or one the others declined, gives no date until someone else attends", async () => {
    const { cleo, dan, deal } = await scene();
    await store.meetings.create(tenant.uuid, { title: "Focus", starts_at: NOW - 3 * day, attendees: [{ person_uuid: cleo.uuid }] });
    const sync = await store.meetings.create(tenant.uuid, {
      title: "Sync",
      starts_at: NOW - 2 * day,
      organizer: { person_uuid: cleo.uuid },
      attendees: [{ person_uuid: dan.uuid, response: "declined" }],
    });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    expect(await timelineOf(cleo.uuid)).toEqual(["Sync", "Focus", "email"]);

    await store.meetings.update(tenant.uuid, sync.uuid, { attendees: [{ person_uuid: dan.uuid, response: "accepted" }] });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 2 * day, company: NOW - 2 * day });
    // Dan declines again: Cleo is alone in it, and her dates go back down.
    await store.meetings.update(tenant.uuid, sync.uuid, { attendees: [{ person_uuid: dan.uuid, response: "declined" }] });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
  });

  it("merging the only two persons of an email or meeting takes away the dates it gave", async () => {
    const { cleo, dan, deal } = await scene();
    await store.emails.ingest(tenant.uuid, { message_id: "pair", sent_at: NOW - 2 * day, from: { email: "dan@globex.example" }, to: [{ email: "cleo@globex.example" }] });
    await store.meetings.create(tenant.uuid, { title: "Pair", starts_at: NOW - 1 * day, attendees: [{ person_uuid: cleo.uuid }, { person_uuid: dan.uuid }] });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });
    await store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: cleo.uuid, superseded_uuid: dan.uuid, preview: false, merged_by_user_uuid: null });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
  });

  it("merging a person into one who declined a meeting leaves its one other attendee alone in it", async () => {
    const { cleo, dan, me, deal } = await scene();
    // Cleo counts the meeting with Me; Dan declined it. Merged into Dan, her attendance is his declined one.
    await store.meetings.create(tenant.uuid, {
      title: "Intro",
      starts_at: NOW - 1 * day,
      attendees: [{ person_uuid: cleo.uuid }, { person_uuid: me.uuid }, { person_uuid: dan.uuid, response: "declined" }],
    });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });
    await store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: dan.uuid, superseded_uuid: cleo.uuid, preview: false, merged_by_user_uuid: null });
    // The deal's person link is Dan's now; the email 9 days ago came with Cleo.
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
  });

  it("merging a meeting's organizer into a person who declined it leaves the organizer no part in it", async () => {
    const { cleo, dan, me, deal } = await scene();
    const intro = await store.meetings.create(tenant.uuid, {
      title: "Intro",
      starts_at: NOW - 1 * day,
      organizer: { person_uuid: cleo.uuid },
      attendees: [{ person_uuid: me.uuid }, { person_uuid: dan.uuid, response: "declined" }],
    });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });
    // Dan organizes it now, as Cleo did, but declined it: Me is alone in it.
    await store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: dan.uuid, superseded_uuid: cleo.uuid, preview: false, merged_by_user_uuid: null });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    expect(await store.interactions.get(tenant.uuid, "meeting", intro.uuid)).toMatchObject({ initiator_person_uuid: null, participant_person_uuids: [me.uuid] });
  });

  it("erasing the other attendee of a meeting takes away the date it gave the one left", async () => {
    const { cleo, deal } = await scene();
    // Eve is at no company and linked to no deal: only the meeting ties the deal to her.
    const eve = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Eve", emails: ["eve@elsewhere.example"] });
    await store.meetings.create(tenant.uuid, { title: "Pair", starts_at: NOW - 1 * day, attendees: [{ person_uuid: cleo.uuid }, { person_uuid: eve.uuid }] });
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });
    expect(await store.persons.erase(tenant.uuid, eve.uuid)).toBe(true);
    expect(await agreedDates(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    expect(await timelineOf(cleo.uuid)).toEqual(["Pair", "email"]);
  });
});
