/**
 * Calendar occurrences into meetings, idempotent on their external id: new ones created, changed
 * ones updated, cancelled ones marked cancelled when already stored (and left out otherwise), the 24-hour meeting
 * an earlier import made of an all-day event removed.
 */
import type { Meeting, NewMeeting } from "@rapport/store";
import { countAddresses, countSkip, type BatchContext, type PositionedItem } from "./batch-context.js";
import { ALL_DAY_EVENT, type ImportedMeeting } from "./imported-items.js";
import { ERASED_ADDRESS_SKIP, leftOutForErasure, withoutErased } from "./erased-participants.js";

function addressesOf(meeting: ImportedMeeting): string[] {
  return [...(meeting.organizer ? [meeting.organizer.email] : []), ...meeting.attendees.map((attendee) => attendee.email)];
}

/**
 * True when the stored meeting already says what the occurrence says (persons resolved by `known`; an erased address,
 * which the store leaves out, is no one).
 */
function isUnchanged(stored: Meeting, meeting: ImportedMeeting, known: ReadonlyMap<string, string>, erased: ReadonlySet<string>): boolean {
  if (stored.title !== meeting.title || stored.starts_at !== meeting.starts_at || stored.ends_at !== meeting.ends_at) return false;
  if (stored.location !== meeting.location || stored.status !== meeting.status) return false;
  const organizer = meeting.organizer && !erased.has(meeting.organizer.email) ? known.get(meeting.organizer.email) : null;
  if (organizer === undefined || organizer !== stored.organizer_person_uuid) return false;
  const wanted = new Map<string, "accepted" | "declined">();
  for (const attendee of meeting.attendees) {
    if (erased.has(attendee.email)) continue;
    const person = known.get(attendee.email);
    if (!person) return false;
    if (wanted.get(person) !== "accepted") wanted.set(person, attendee.response);
  }
  if (organizer) wanted.set(organizer, "accepted");
  if (wanted.size !== stored.attendees.length) return false;
  return stored.attendees.every((attendee) => wanted.get(attendee.person_uuid) === attendee.response);
}

function toNewMeeting(meeting: ImportedMeeting): Omit<NewMeeting, "created_by_user_uuid"> {
  return {
    title: meeting.title,
    starts_at: meeting.starts_at,
    ends_at: meeting.ends_at,
    status: meeting.status,
    location: meeting.location,
    external_id: meeting.external_id,
    organizer: meeting.organizer,
    attendees: meeting.attendees,
  };
}

/**
 * An occurrence already stored as it is still names its known persons whose name was derived from an address (a
 * calendar imported before migration 0058, when an address stayed a name), organizer's `CN` first, as a changed one
 * would through the store's meeting write; a name given is kept (`persons.nameIfUnnamed`).
 */
async function nameKnownParticipants(context: BatchContext, meeting: ImportedMeeting, known: ReadonlyMap<string, string>): Promise<void> {
  for (const participant of [...(meeting.organizer ? [meeting.organizer] : []), ...meeting.attendees]) {
    const person = known.get(participant.email);
    if (person && participant.name) await context.store.persons.nameIfUnnamed(context.tenantUuid, person, participant.name);
  }
}

/** A whole number of days: how a midnight-to-midnight all-day event was stored before 2026-12-06. */
function lastsWholeDays(meeting: Meeting): boolean {
  const length = (meeting.ends_at ?? meeting.starts_at) - meeting.starts_at;
  return length > 0 && length % 86_400_000 === 0;
}

/**
 * An occurrence Outlook marks all-day is left out; a confirmed meeting stored under its key lasting whole days is the
 * 24-hour meeting an import before 2026-12-06 made of it, and is removed (one given other times since is kept).
 */
async function leaveOutAllDay(context: BatchContext, stored: Meeting | null): Promise<void> {
  const { store, tenantUuid, dryRun, counts } = context;
  if (stored?.status === "confirmed" && lastsWholeDays(stored) && context.mayChangeMeeting(stored)) {
    if (!dryRun) await store.meetings.delete(tenantUuid, stored.uuid);
    counts.meetings.removed += 1;
    counts.written += 1;
  } else {
    countSkip(context, ALL_DAY_EVENT);
  }
}

/** Why an occurrence naming a stored meeting the importing member may not change is left out. */
export const NOT_THEIRS_TO_CHANGE = "a meeting only its creator, its organizer or an administrator may change";

export async function writeMeetings(context: BatchContext, entries: ReadonlyArray<PositionedItem<ImportedMeeting>>): Promise<void> {
  const { store, tenantUuid, dryRun, state, counts } = context;
  for (const { item } of entries) {
    const planned = dryRun && state.meetingKeys.has(item.external_id);
    const stored = planned ? null : await store.meetings.findByExternalId(tenantUuid, item.external_id);
    if (item.all_day) {
      await leaveOutAllDay(context, stored);
      continue;
    }
    const known = await store.persons.findByEmails(tenantUuid, addressesOf(item));
    const erased = await store.persons.erasedAddresses(tenantUuid, addressesOf(item).filter((address) => !known.has(address)));
    if (item.status === "cancelled") {
      if (stored?.status === "confirmed" && !context.mayChangeMeeting(stored)) {
        countSkip(context, NOT_THEIRS_TO_CHANGE);
      } else if (stored?.status === "confirmed") {
        if (!dryRun) await store.meetings.update(tenantUuid, stored.uuid, { status: "cancelled" });
        state.meetingKeys.add(item.external_id);
        counts.meetings.updated += 1;
        counts.written += 1;
      } else if (stored || planned) {
        counts.meetings.known += 1;
        counts.unchanged += 1;
      } else {
        counts.meetings.cancelled_skipped += 1;
        countSkip(context, "cancelled");
      }
      continue;
    }
    if (!stored && !planned && leftOutForErasure(addressesOf(item), erased, false)) {
      // A new occurrence that names fewer than two persons without them, as the reader skips one naming fewer.
      countSkip(context, ERASED_ADDRESS_SKIP);
      continue;
    }
    if (planned || (stored && isUnchanged(stored, item, known, erased))) {
      if (!dryRun) await nameKnownParticipants(context, item, known);
      counts.meetings.known += 1;
      counts.unchanged += 1;
      continue;
    }
    if (stored && !context.mayChangeMeeting(stored)) {
      countSkip(context, NOT_THEIRS_TO_CHANGE);
      continue;
    }
    if (stored) {
      if (!dryRun) await store.meetings.update(tenantUuid, stored.uuid, toNewMeeting(item));
      counts.meetings.updated += 1;
    } else {
      if (!dryRun) await store.meetings.create(tenantUuid, { ...toNewMeeting(item), created_by_user_uuid: context.owner?.uuid ?? null });
      counts.meetings.new += 1;
    }
    state.meetingKeys.add(item.external_id);
    counts.written += 1;
    countAddresses(context, known, withoutErased(addressesOf(item), erased));
  }
}
