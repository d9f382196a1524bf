import { describe, expect, it } from "vitest";
import { derivedFields } from "./derived-fields.js";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";

describe("derivedFields", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withUser("cy"),
    withAffiliation("dana", "acme"),
    withAffiliation("eve", "acme"),
    withEmail("ada", "dana", daysAgo(3)),
    withEmail("ada", "dana", daysAgo(-1)),
    withMeeting(["dana", "ben"], daysAgo(-2), { id: "m-cancelled", status: "cancelled" }),
    withMeeting(["dana", "cy", "ben"], daysAgo(-4), { id: "m-later", title: "Review" }),
    withMeeting(["dana", "ben", "cy"], daysAgo(-3), { id: "m-next", title: "Pitch", organizerUuid: "cy" }),
    withMeeting(["eve", "ada"], daysAgo(-3), { id: "m-eve", title: "Coffee" }),
    withEmail("eve", "ben", daysAgo(1)),
  );

  it("reports the last past activity and the next confirmed meeting with its internal user", () => {
    expect(derivedFields(graph, { entity: "person", uuid: "dana" }, { now: NOW, userUuid: "user-ben" })).toEqual({
      last_activity_at: daysAgo(3),
      last_activity_date: "2026-11-28",
      last_contact_at: daysAgo(3),
      next_meeting_at: daysAgo(-3),
      next_meeting_id: "m-next",
      next_meeting_title: "Pitch",
      next_meeting_with_user_uuid: "user-cy",
      my_next_meeting_at: daysAgo(-3),
      my_next_meeting_id: "m-next",
      my_next_meeting_title: "Pitch",
    });
  });

  it("restricts my_next_meeting to the calling user, and leaves it null without one", () => {
    const forAda = derivedFields(graph, { entity: "person", uuid: "dana" }, { now: NOW, userUuid: "user-ada" });
    expect([forAda.my_next_meeting_id, forAda.next_meeting_id]).toEqual([null, "m-next"]);
    expect(derivedFields(graph, { entity: "person", uuid: "dana" }, { now: NOW }).my_next_meeting_at).toBeNull();
  });

  it("covers a company's affiliated persons, earliest meeting first, ties by id", () => {
    const fields = derivedFields(graph, { entity: "company", uuid: "acme" }, { now: NOW, userUuid: "user-ada" });
    expect([fields.last_activity_date, fields.next_meeting_id, fields.next_meeting_with_user_uuid, fields.my_next_meeting_id]).toEqual([
      "2026-11-30",
      "m-eve",
      "user-ada",
      "m-eve",
    ]);
  });

  it("names another user than the subject when the subject is a user who organizes the meeting", () => {
    const fields = derivedFields(graph, { entity: "person", uuid: "cy" }, { now: NOW });
    expect([fields.next_meeting_id, fields.next_meeting_with_user_uuid]).toEqual(["m-next", "user-ben"]);
  });

  it("follows a company's members as they join and leave", () => {
    const moving = buildGraph(withUser("ada"), withAffiliation("dana", "acme"), withMeeting(["eve", "ada"], daysAgo(-2), { id: "m-eve" }));
    const nextOfAcme = () => derivedFields(moving, { entity: "company", uuid: "acme" }, { now: NOW }).next_meeting_id;
    expect(nextOfAcme()).toBeNull();
    moving.setAffiliation("eve", "acme");
    expect(nextOfAcme()).toBe("m-eve");
    moving.endAffiliation("eve", "acme");
    expect(nextOfAcme()).toBeNull();
  });

  it("leaves internal users affiliated with the company out of its persons", () => {
    const own = buildGraph(withUser("ada"), withAffiliation("ada", "tenant"), withMeeting(["ada", "cleo"], daysAgo(-1)), withEmail("ada", "cleo"));
    expect(derivedFields(own, { entity: "company", uuid: "tenant" }, { now: NOW }).next_meeting_at).toBeNull();
  });

  it("is all null for an unknown entity", () => {
    const fields = derivedFields(graph, { entity: "person", uuid: "nobody" }, { now: NOW, userUuid: "user-ada" });
    expect(Object.values(fields).every((value) => value === null)).toBe(true);
  });

  it("rejects a bad user uuid", () => {
    expect(() => derivedFields(graph, { entity: "person", uuid: "dana" }, { now: NOW, userUuid: "" })).toThrow(
      'derivedFields: expecting "userUuid" to be a non-empty string but got "".',
    );
  });
});
