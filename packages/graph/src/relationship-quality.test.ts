import { describe, expect, it } from "vitest";
import { relationshipQuality } from "./relationship-quality.js";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, withUser } from "./testing/builders.js";

describe("relationshipQuality", () => {
  it("returns the RQ, its displayed form and the facts behind it", () => {
    const graph = buildGraph(
      withUser("ada"),
      withEmail("ada", "cleo", daysAgo(1)),
      withEmail("cleo", "ada", daysAgo(2)),
      withMeeting(["ada", "cleo"], daysAgo(90)),
      withEmail("ada", "cleo", daysAgo(200)),
      withEmail("ada", "cleo", daysAgo(-5)),
    );
    const quality = relationshipQuality(graph, "user-ada", "cleo", { now: NOW });
    // Two emails from ada, one from cleo: the part cleo matched counts in full, the rest at half (oneWayFactor).
    const fromAda = 2 ** (-1 / 90) + 2 ** (-200 / 90);
    const fromCleo = 2 ** (-2 / 90);
    const raw = 0.5 * (fromAda + fromCleo) + 0.5 * 2 * fromCleo + 3 * 0.5;
    expect(quality).toEqual({
      user_uuid: "user-ada",
      internal_user_person_uuid: "ada",
      person_uuid: "cleo",
      rq: Math.round((raw / (raw + 8)) * 1e9) / 1e9,
      rq_pretty: 31,
      rq_reason: "2 emails and 1 meeting in the last 90 days, last on 2026-11-30",
      interaction_count: 4,
      last_activity_at: daysAgo(1),
      last_activity_date: "2026-11-30",
    });
  });

  it("says when nothing happened in the window", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "cleo", daysAgo(91)), withMeeting(["ada", "cleo"], daysAgo(300)));
    expect(relationshipQuality(graph, "user-ada", "cleo", { now: NOW })?.rq_reason).toBe(
      "No interactions in the last 90 days; 1 email and 1 meeting in total, last on 2026-09-01",
    );
    expect(relationshipQuality(graph, "user-ada", "cleo", { now: NOW, parameters: { reasonWindowDays: 180 } })?.rq_reason).toBe(
      "1 email in the last 180 days, last on 2026-09-01",
    );
    // A window of part of a day would be said as "in the last 1.5 days": windows are whole days.
    expect(() => relationshipQuality(graph, "user-ada", "cleo", { now: NOW, parameters: { reasonWindowDays: 1.5 } })).toThrow(
      'relationshipQuality: expecting "parameters.reasonWindowDays" to be an integer from 1 to 100000000 but got "1.5".',
    );
  });

  it("is zero with a plain reason for a stranger, and null for a user without a person node", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "cleo"));
    expect(relationshipQuality(graph, "user-ada", "zed", { now: NOW })).toMatchObject({ rq: 0, rq_pretty: 0, rq_reason: "No recorded interactions", interaction_count: 0, last_activity_date: null });
    expect(relationshipQuality(graph, "user-nobody", "cleo", { now: NOW })).toBeNull();
  });

  it("does not count recipients of the same email as interacting", () => {
    const graph = buildGraph(withUser("ada"), withEmail("cleo", ["ada", "dana"]));
    expect(relationshipQuality(graph, "user-ada", "dana", { now: NOW })?.interaction_count).toBe(0);
  });

  it("rejects a missing person uuid", () => {
    expect(() => relationshipQuality(buildGraph(), "user-ada", 7 as never, { now: NOW })).toThrow(
      'relationshipQuality: expecting "personUuid" to be a non-empty string but got "7".',
    );
  });
});
