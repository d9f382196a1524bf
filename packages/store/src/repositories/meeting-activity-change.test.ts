import { describe, expect, it } from "vitest";
import type { MeetingAttendee } from "../activity-records.js";
import { meetingActivityChange, type MeetingActivityState } from "./meeting-activity-change.js";

const NOW = 1_000;
const ada: MeetingAttendee = { person_uuid: "ada", response: "accepted" };
const ben: MeetingAttendee = { person_uuid: "ben", response: "accepted" };
const benDeclined: MeetingAttendee = { person_uuid: "ben", response: "declined" };
const cy: MeetingAttendee = { person_uuid: "cy", response: "accepted" };
const past: MeetingActivityState = { starts_at: 500, status: "confirmed", attendees: [ada, ben] };

describe("meetingActivityChange", () => {
  it.each([
    ["nothing that counts changed (attendees in another order)", { ...past, attendees: [ben, ada] }, "none"],
    ["moved later, still past", { ...past, starts_at: 700 }, "raise"],
    ["moved to exactly now", { ...past, starts_at: NOW }, "raise"],
    ["an attendee added", { ...past, attendees: [ada, ben, { person_uuid: "cy", response: "accepted" }] }, "raise"],
    ["a declined attendee added", { ...past, attendees: [ada, ben, { person_uuid: "cy", response: "declined" }] }, "none"],
    ["moved earlier", { ...past, starts_at: 400 }, "recompute"],
    ["moved into the future", { ...past, starts_at: NOW + 1 }, "recompute"],
    ["cancelled", { ...past, status: "cancelled" }, "recompute"],
    ["an attendee declines", { ...past, attendees: [ada, benDeclined] }, "recompute"],
    ["an attendee leaves, another joins", { ...past, attendees: [ada, { person_uuid: "cy", response: "accepted" }] }, "recompute"],
    ["an attendee leaves, the other stays alone", { ...past, attendees: [ada] }, "recompute"],
  ] as const)("a past meeting: %s", (_, after, expected) => {
    expect(meetingActivityChange(past, after, NOW)).toBe(expected);
  });

  it.each([
    ["an upcoming meeting moved, its attendees changed", { starts_at: NOW + 10, status: "confirmed", attendees: [ada, ben] }, { starts_at: NOW + 20, status: "confirmed", attendees: [ada] }, "none"],
    ["a cancelled meeting moved into the past", { starts_at: NOW + 10, status: "cancelled", attendees: [ada] }, { starts_at: 500, status: "cancelled", attendees: [ada] }, "none"],
    ["an upcoming meeting moved into the past", { starts_at: NOW + 10, status: "confirmed", attendees: [ada, ben] }, { starts_at: 500, status: "confirmed", attendees: [ada, ben] }, "raise"],
    ["a cancelled past meeting confirmed, attendees changed", { starts_at: 500, status: "cancelled", attendees: [ada] }, { starts_at: 500, status: "confirmed", attendees: [ben, cy] }, "raise"],
    // A meeting of one, a calendar block, is nobody's activity.
    ["a past meeting of one moved", { starts_at: 500, status: "confirmed", attendees: [ada] }, { starts_at: 400, status: "confirmed", attendees: [ada] }, "none"],
    ["a past meeting whose other attendee declined deleted", { starts_at: 500, status: "confirmed", attendees: [ada, benDeclined] }, { starts_at: 500, status: "cancelled", attendees: [ada, benDeclined] }, "none"],
    ["a past meeting of one joined by a second attendee", { starts_at: 500, status: "confirmed", attendees: [ada] }, { starts_at: 500, status: "confirmed", attendees: [ada, ben] }, "raise"],
    ["a past meeting of one whose other attendee accepts", { starts_at: 500, status: "confirmed", attendees: [ada, benDeclined] }, { starts_at: 500, status: "confirmed", attendees: [ada, ben] }, "raise"],
  ] as const)("%s", (_, before, after, expected) => {
    expect(meetingActivityChange(before as MeetingActivityState, after as MeetingActivityState, NOW)).toBe(expected);
  });
});
