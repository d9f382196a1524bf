/** @module What a change to a meeting does to its attendees' last activity, and so to their opportunities' dates. */
import type { MeetingAttendee } from "../activity-records.js";

/** A meeting as far as anyone's activity goes. */
export interface MeetingActivityState {
  starts_at: number;
  status: string;
  attendees: readonly MeetingAttendee[];
}

/**
 * - `none`: no one's last activity moves (nothing that counts changed, or the meeting counts neither before nor after).
 * - `raise`: last activities can only move later, to the meeting's new time, for its attendees who did not decline.
 * - `recompute`: someone may lose the meeting as their last activity; it must be computed again.
 */
export type MeetingActivityChange = "none" | "raise" | "recompute";

/**
 * Whether a meeting is anyone's activity at `now`, as the last-activity reads count it: confirmed, started by
 * then, and with at least two attendees present (a meeting of one, a calendar block, is no interaction).
 */
export function countsAsActivity(meeting: MeetingActivityState, now: number): boolean {
  return meeting.status === "confirmed" && meeting.starts_at <= now && new Set(presentAttendees(meeting)).size >= 2;
}

/** The persons a meeting counts for, when it counts at all (`countsAsActivity`): its attendees who did not decline. */
export function presentAttendees(meeting: Pick<MeetingActivityState, "attendees">): string[] {
  return meeting.attendees.filter((attendee) => attendee.response !== "declined").map((attendee) => attendee.person_uuid);
}

/**
 * How a change from `before` to `after` moves the last activity of the meeting's attendees at `now`. A
 * recomputation covers the opportunities whose dates may have come from the meeting as it was
 * (`lowerOpportunityActivity`) and reads the last activity of every person at every company linked to
 * them; a raise records one time per attendee, as a new meeting does.
 *
 * @example
 * meetingActivityChange({ starts_at: 1, status: "confirmed", attendees }, { starts_at: 2, status: "confirmed", attendees }, 10); // "raise"
 */
export function meetingActivityChange(before: MeetingActivityState, after: MeetingActivityState, now: number): MeetingActivityChange {
  const countedBefore = countsAsActivity(before, now);
  const countedAfter = countsAsActivity(after, now);
  if (!countedBefore && !countedAfter) return "none";
  if (!countedAfter) return "recompute";
  if (!countedBefore) return "raise";
  const present = new Set(presentAttendees(after));
  const presentBefore = presentAttendees(before);
  const stayed = presentBefore.filter((person) => present.has(person)).length;
  if (stayed < presentBefore.length || after.starts_at < before.starts_at) return "recompute";
  return after.starts_at === before.starts_at && stayed === present.size ? "none" : "raise";
}
