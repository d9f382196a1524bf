import { describe, expect, it } from "vitest";
import { normalizeInteraction } from "./normalize-interaction.js";

describe("normalizeInteraction", () => {
  it("puts the sender first and drops duplicates and the sender from the recipients", () => {
    expect(normalizeInteraction("f", { id: "e", kind: "email", occurredAt: 1, senderUuid: "a", recipientUuids: ["b", "a", "b", "c"] })).toEqual({
      id: "e",
      meeting: false,
      occurredAt: 1,
      cancelled: false,
      leader: "a",
      participants: ["a", "b", "c"],
      title: null,
    });
  });

  it("keeps an email without a sender as noise", () => {
    for (const senderUuid of [null, "", undefined]) {
      expect(normalizeInteraction("f", { id: "e", kind: "email", occurredAt: 1, senderUuid, recipientUuids: ["b", "c"] })).toMatchObject({ leader: null, participants: [] });
    }
  });

  it("folds the organizer into the attendees and keeps status and title", () => {
    expect(
      normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: ["b", "a"], organizerUuid: "a", status: "cancelled", title: "T" }),
    ).toMatchObject({ meeting: true, cancelled: true, leader: "a", participants: ["a", "b"], title: "T" });
    expect(normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: [] })).toMatchObject({ leader: null, participants: [], cancelled: false });
  });

  it("deduplicates long lists too", () => {
    const attendees = Array.from({ length: 40 }, (_, index) => `p${index % 20}`);
    expect(normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: attendees }).participants).toHaveLength(20);
  });

  it("rejects malformed fields, naming the caller", () => {
    expect(() => normalizeInteraction("addInteraction", null)).toThrow('addInteraction: expecting "interaction" to be an object but got "null".');
    expect(() => normalizeInteraction("f", { id: "", kind: "email" })).toThrow('f: expecting "interaction.id" to be a non-empty string but got "".');
    expect(() => normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: [3] })).toThrow(
      'f: expecting "interaction.attendeeUuids[]" to be a non-empty string but got "3".',
    );
    expect(() => normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: [], title: 5 })).toThrow(
      'f: expecting "interaction.title" to be a string or null but got "5".',
    );
  });

  it("refuses a field its kind does not have, even undefined, before the fields it has: a misspelt status must not count a cancelled meeting", () => {
    expect(() => normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: ["a", "b"], stauts: "cancelled" })).toThrow(
      'f: expecting a known meeting field ("id", "kind", "occurredAt", "attendeeUuids", "organizerUuid", "status", "title") but got "stauts".',
    );
    expect(() => normalizeInteraction("f", { id: "e", kind: "email", occurredAt: 1, senderUuid: "a", recipientUuids: ["b"], ccUuids: ["c"] })).toThrow(
      'f: expecting a known email field ("id", "kind", "occurredAt", "senderUuid", "recipientUuids") but got "ccUuids".',
    );
    // A meeting's field on an email, and the misspelt required field named rather than the field it left out.
    expect(() => normalizeInteraction("f", { id: "e", kind: "email", occurredAt: 1, senderUuid: "a", recipientUuids: [], title: "T" })).toThrow('but got "title".');
    expect(() => normalizeInteraction("f", { id: "e", kind: "email", occuredAt: 1, senderUuid: "a", recipientUuids: [] })).toThrow('but got "occuredAt".');
    expect(() => normalizeInteraction("f", { id: "m", kind: "meeting", occurredAt: 1, attendeeUuids: [], organiserUuid: undefined })).toThrow('but got "organiserUuid".');
  });
});
