/**
 * A meeting's update recomputes the linked opportunities' activity dates only when someone may lose the
 * meeting as their last activity (it is cancelled, moved earlier or into the future, or an attendee leaves or
 * declines), and then only for the opportunities whose dates may have come from it; it raises them, as a new
 * meeting does, when it only adds activity. A recomputation reads the last activity of every person at
 * every company linked to the opportunities it covers (tens of seconds at benchmark scale L for all the
 * opportunities of a meeting's attendees), so a new title, place or end time, a calendar sync sending the
 * same values again, any change to a meeting that is nobody's activity before or after it (upcoming,
 * cancelled), or one that is nobody's latest activity must not start it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import type { Tenant } from "../records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { readsMatchingDuring } from "../testing/sqlite-plans.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };

/** How many statements `run` reads with that seek persons' latest meeting (the refresh's last-activity read). */
const refreshReadsDuring = (run: () => Promise<unknown>) => readsMatchingDuring(/select a.counted_at from meeting_attendees a/, run);

let store: Store;
let tenant: Tenant;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => NOW });
  tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
});
afterEach(() => store.close());

/** Cleo at Globex, linked (with Globex) to a deal; an email with her 9 days ago and a meeting 3 days ago. */
async function scene() {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
  const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const me = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Me", emails: ["me@acme.example"] });
  await store.emails.ingest(tenant.uuid, { message_id: "older", sent_at: NOW - 9 * day, from: { email: "me@acme.example" }, to: [{ email: "cleo@globex.example" }] });
  const meeting = await store.meetings.create(tenant.uuid, {
    title: "Intro",
    starts_at: NOW - 3 * day,
    location: "Zurich",
    organizer: { person_uuid: me.uuid },
    attendees: [{ person_uuid: cleo.uuid }],
  });
  const deal = await store.opportunities.create(
    {
      tenant_uuid: tenant.uuid,
      name: "Deal",
      type_uuid: type.uuid,
      stage_uuid: stage.uuid,
      associations: [{ entity_type: "COMPANY", entity_uuid: globex.uuid }, { entity_type: "PERSON", entity_uuid: cleo.uuid }],
    },
    viewer,
  );
  return { cleo, me, meeting, deal };
}

async function datesOf(dealUuid: string) {
  const deal = (await store.opportunities.get(tenant.uuid, dealUuid, viewer))!;
  return { person: deal.person_last_activity_at, company: deal.company_last_activity_at };
}

describe("meeting updates and the linked opportunities' activity", () => {
  it("skips the recomputation for a new title, place or end time, and for the same values sent again", async () => {
    const { cleo, me, meeting, deal } = await scene();
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 3 * day, company: NOW - 3 * day });

    const reads = await refreshReadsDuring(async () => {
      await store.meetings.update(tenant.uuid, meeting.uuid, { title: "Intro call", location: "Bern", ends_at: NOW - 3 * day + 3_600_000 });
      await store.meetings.update(tenant.uuid, meeting.uuid, {
        starts_at: meeting.starts_at,
        status: "confirmed",
        organizer: { person_uuid: me.uuid },
        // Another order, the same persons and answers.
        attendees: [{ person_uuid: cleo.uuid }, { person_uuid: me.uuid }],
      });
    });
    expect(reads).toBe(0);
    const updated = (await store.meetings.get(tenant.uuid, meeting.uuid))!;
    expect(updated).toMatchObject({ title: "Intro call", location: "Bern", ends_at: NOW - 3 * day + 3_600_000 });
    expect(updated.attendees.map((attendee) => attendee.person_uuid).sort()).toEqual([cleo.uuid, me.uuid].sort());
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 3 * day, company: NOW - 3 * day });
  });

  it("raises the dates when the change only adds activity, and recomputes when someone may lose it", async () => {
    const { cleo, me, meeting, deal } = await scene();
    const update = (changes: Parameters<Store["meetings"]["update"]>[2]) => refreshReadsDuring(() => store.meetings.update(tenant.uuid, meeting.uuid, changes));
    const raised = 0;

    // Later, still past: recorded as a new meeting would be.
    expect(await update({ starts_at: NOW - 1 * day })).toBe(raised);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });

    // Cancelled, the meeting no longer counts: the email 9 days ago is the last activity again.
    expect(await update({ status: "cancelled" })).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    expect(await update({ status: "confirmed" })).toBe(raised);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });

    expect(await update({ attendees: [{ person_uuid: cleo.uuid, response: "declined" }] })).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    expect(await update({ attendees: [{ person_uuid: cleo.uuid, response: "accepted" }] })).toBe(raised);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });

    // Earlier: it may have been someone's last activity at its old time.
    expect(await update({ starts_at: NOW - 2 * day })).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 2 * day, company: NOW - 2 * day });

    // Cleo leaves the meeting: her deal is recomputed as a former attendee's.
    expect(await update({ attendees: [{ person_uuid: me.uuid }] })).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
  });

  it("recomputes only the deals whose dates may have come from the meeting that stops counting", async () => {
    const { cleo, me, meeting, deal } = await scene();
    // An email with Cleo yesterday: the meeting 3 days ago is no longer anyone's latest activity at Globex.
    await store.emails.ingest(tenant.uuid, { message_id: "newer", sent_at: NOW - 1 * day, from: { email: "me@acme.example" }, to: [{ email: "cleo@globex.example" }] });
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });
    const reads = await refreshReadsDuring(async () => {
      await store.meetings.update(tenant.uuid, meeting.uuid, { status: "cancelled" });
      await store.meetings.update(tenant.uuid, meeting.uuid, { status: "confirmed", starts_at: NOW - 4 * day });
      await store.meetings.update(tenant.uuid, meeting.uuid, { attendees: [{ person_uuid: me.uuid }] });
      expect(await store.meetings.delete(tenant.uuid, meeting.uuid)).toBe(true);
    });
    expect(reads).toBe(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });

    // A meeting that is Cleo's latest is recomputed when it goes.
    const latest = await store.meetings.create(tenant.uuid, { title: "Today", starts_at: NOW, attendees: [{ person_uuid: cleo.uuid }, { person_uuid: me.uuid }] });
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW, company: NOW });
    expect(await refreshReadsDuring(() => store.meetings.delete(tenant.uuid, latest.uuid))).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });
  });

  it("skips it for a meeting that counts neither before nor after the change: upcoming or cancelled", async () => {
    const { cleo, me, deal } = await scene();
    const upcoming = await store.meetings.create(tenant.uuid, { title: "Next", starts_at: NOW + 2 * day, attendees: [{ person_uuid: cleo.uuid }, { person_uuid: me.uuid }] });
    const reads = await refreshReadsDuring(async () => {
      await store.meetings.update(tenant.uuid, upcoming.uuid, { starts_at: NOW + 4 * day });
      await store.meetings.update(tenant.uuid, upcoming.uuid, { attendees: [{ person_uuid: me.uuid }] });
      await store.meetings.update(tenant.uuid, upcoming.uuid, { status: "cancelled", attendees: [{ person_uuid: cleo.uuid }] });
      // Cancelled and moved into the past: it still is nobody's activity.
      await store.meetings.update(tenant.uuid, upcoming.uuid, { starts_at: NOW - 1 * day });
      expect(await store.meetings.delete(tenant.uuid, upcoming.uuid)).toBe(true);
    });
    expect(reads).toBe(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 3 * day, company: NOW - 3 * day });
  });

  it("raises the dates when an upcoming meeting moves into the past, and recomputes when a past one is deleted", async () => {
    const { cleo, me, meeting, deal } = await scene();
    const upcoming = await store.meetings.create(tenant.uuid, { title: "Next", starts_at: NOW + 2 * day, attendees: [{ person_uuid: cleo.uuid }, { person_uuid: me.uuid }] });
    expect(await refreshReadsDuring(() => store.meetings.update(tenant.uuid, upcoming.uuid, { starts_at: NOW - 1 * day }))).toBe(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 1 * day, company: NOW - 1 * day });

    expect(await refreshReadsDuring(() => store.meetings.delete(tenant.uuid, upcoming.uuid))).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 3 * day, company: NOW - 3 * day });
    expect(await refreshReadsDuring(() => store.meetings.delete(tenant.uuid, meeting.uuid))).toBeGreaterThan(0);
    expect(await datesOf(deal.uuid)).toEqual({ person: NOW - 9 * day, company: NOW - 9 * day });
    // Gone already: nothing to delete, nothing recomputed.
    expect(await refreshReadsDuring(async () => expect(await store.meetings.delete(tenant.uuid, meeting.uuid)).toBe(false))).toBe(0);
  });
});
