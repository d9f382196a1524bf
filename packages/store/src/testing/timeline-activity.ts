/** @module Test helper: generated emails and meetings among a few persons, for the timeline tests. */
import fc from "fast-check";
import type { Person } from "../records.js";
import type { Store } from "../store.js";

/** The persons the generated activity is among; an index into this list names one. */
export const TIMELINE_PERSON_NAMES = ["ada", "bob", "cleo", "dev"];
const lastPerson = TIMELINE_PERSON_NAMES.length - 1;

/**
 * Emails (some to their own sender, some sharing a time) and meetings (declined, cancelled, moved,
 * deleted) among the persons. Times are steps on a scale the caller chooses.
 */
export const timelineActivityArbitrary = fc.record({
  emails: fc.array(fc.record({ from: fc.nat(lastPerson), to: fc.nat(lastPerson), ccSelf: fc.boolean(), at: fc.nat(12) }), { minLength: 1, maxLength: 25 }),
  meetings: fc.array(
    fc.record({
      attendees: fc.uniqueArray(fc.record({ person: fc.nat(lastPerson), declined: fc.boolean() }), {
        minLength: 1,
        maxLength: 3,
        selector: (attendee) => attendee.person,
      }),
      at: fc.nat(12),
      cancelled: fc.boolean(),
      movedTo: fc.option(fc.nat(12)),
      deleted: fc.boolean(),
    }),
    { maxLength: 12 },
  ),
});
export type TimelineActivity = typeof timelineActivityArbitrary extends fc.Arbitrary<infer Value> ? Value : never;

/** Writes the persons and their activity to the tenant, a time step being `stepMs` milliseconds; returns the persons. */
export async function seedTimelineActivity(store: Store, tenantUuid: string, activity: TimelineActivity, stepMs = 10): Promise<Person[]> {
  const persons: Person[] = [];
  for (const name of TIMELINE_PERSON_NAMES) persons.push(await store.persons.create({ tenant_uuid: tenantUuid, name, emails: [`${name}@x.example`] }));
  for (const [index, email] of activity.emails.entries()) {
    const from = persons[email.from]!;
    // Times repeat: ties are ordered by uuid.
    await store.emails.ingest(tenantUuid, {
      message_id: `m${index}`,
      sent_at: email.at * stepMs,
      from: { person_uuid: from.uuid },
      to: [{ person_uuid: persons[email.to]!.uuid }],
      cc: email.ccSelf ? [{ person_uuid: from.uuid }] : [],
    });
  }
  for (const [index, meeting] of activity.meetings.entries()) {
    const created = await store.meetings.create(tenantUuid, {
      title: `M${index}`,
      starts_at: meeting.at * stepMs,
      status: meeting.cancelled ? "cancelled" : "confirmed",
      attendees: meeting.attendees.map(({ person, declined }) => ({ person_uuid: persons[person]!.uuid, response: declined ? "declined" : "accepted" })),
    });
    if (meeting.movedTo !== null) await store.meetings.update(tenantUuid, created.uuid, { starts_at: meeting.movedTo * stepMs + 5 });
    if (meeting.deleted) await store.meetings.delete(tenantUuid, created.uuid);
  }
  return persons;
}
