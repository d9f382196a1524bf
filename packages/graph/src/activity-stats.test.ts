import { describe, expect, it } from "vitest";
import { activityStats } from "./activity-stats.js";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";

const counts = (emails: number, meetings: number) => ({ emails, meetings, total: emails + meetings });

describe("activityStats", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withAffiliation("dana", "acme"),
    withAffiliation("eve", "acme"),
    withEmail("ada", "dana", daysAgo(30)),
    withEmail("dana", ["ada", "ben"], daysAgo(31)),
    withMeeting(["ben", "dana", "eve"], daysAgo(90)),
    withMeeting(["ben", "dana"], daysAgo(200)),
    withEmail("ada", "dana", daysAgo(400)),
    withMeeting(["ada", "dana"], daysAgo(-1)),
    withMeeting(["ada", "dana"], daysAgo(1), { status: "cancelled" }),
    withEmail("eve", "ada", daysAgo(10)),
  );

  it("counts emails and meetings per period, window boundaries included", () => {
    const stats = activityStats(graph, { entity: "person", uuid: "dana" }, { now: NOW });
    expect(stats.entity_type).toBe("PERSON");
    expect(stats.periods.map((period) => [period.period, period.activity_counts, period.last_activity_date])).toEqual([
      ["30_days", counts(1, 0), "2026-11-01"],
      ["90_days", counts(2, 1), "2026-11-01"],
      ["180_days", counts(2, 1), "2026-11-01"],
      ["365_days", counts(2, 2), "2026-11-01"],
      ["all_time", counts(3, 2), "2026-11-01"],
    ]);
  });

  it("breaks the counts down per internal user and picks the top users on 90 days", () => {
    const stats = activityStats(graph, { entity: "person", uuid: "dana" }, { now: NOW, periods: ["90_days", "30_days"] });
    expect(stats.by_user.map((user) => [user.internal_user_uuid, user.periods.map((period) => period.activity_counts)])).toEqual([
      ["user-ada", [counts(1, 0), counts(2, 0)]],
      ["user-ben", [counts(0, 0), counts(1, 1)]],
    ]);
    expect(stats.by_user[1]?.periods[0]?.last_activity_at).toBeNull();
    expect(stats.top_email_user?.internal_user_uuid).toBe("user-ada");
    expect(stats.top_meeting_user?.internal_user_uuid).toBe("user-ben");
    expect(stats.top_meeting_user?.periods.map((period) => period.period)).toEqual(["90_days"]);
  });

  it("counts every internal user who took part, fellow recipients included, and never the subject itself", () => {
    const mail = buildGraph(withUser("ada"), withUser("ben"), withEmail("carl", ["dana", "ada"], daysAgo(5)), withEmail("ada", ["ben", "dana"], daysAgo(6)));
    const byUser = (uuid: string) =>
      activityStats(mail, { entity: "person", uuid }, { now: NOW, periods: ["30_days"] }).by_user.map((user) => [user.internal_user_uuid, user.periods[0]?.activity_counts]);
    expect(byUser("dana")).toEqual([
      ["user-ada", counts(2, 0)],
      ["user-ben", counts(1, 0)],
    ]);
    expect(byUser("ada")).toEqual([["user-ben", counts(1, 0)]]);
  });

  it("counts a company's shared interactions once", () => {
    const stats = activityStats(graph, { entity: "company", uuid: "acme" }, { now: NOW, periods: ["90_days"] });
    expect(stats.entity_type).toBe("COMPANY");
    expect(stats.periods[0]?.activity_counts).toEqual(counts(3, 1));
    expect(stats.periods[0]?.last_activity_date).toBe("2026-11-21");
  });

  it("counts a company over the spans given instead: its people, past ones too, while they were at it", () => {
    // Fred left Acme 100 days ago (not a member in the graph); Dana joined 35 days ago; Eve has no dates.
    const spans = [
      { person_uuid: "fred", from: null, to: daysAgo(100) },
      { person_uuid: "dana", from: daysAgo(35), to: null },
      { person_uuid: "eve", from: null, to: null },
      { person_uuid: "ada", from: null, to: null },
      { person_uuid: "nobody", from: null, to: null },
    ];
    const moved = buildGraph(
      withUser("ada"),
      withAffiliation("dana", "acme"),
      withAffiliation("eve", "acme"),
      withAffiliation("fred", "globex"),
      withEmail("ada", "fred", daysAgo(150)),
      withEmail("ada", "fred", daysAgo(50)),
      withEmail("ada", "dana", daysAgo(40)),
      withEmail("ada", ["dana", "eve"], daysAgo(30)),
      withMeeting(["ada", "dana"], daysAgo(20)),
    );
    const over = (options: { spans?: typeof spans }) => activityStats(moved, { entity: "company", uuid: "acme" }, { now: NOW, periods: ["90_days", "all_time"], ...options });
    // Fred's email before he left and Dana's since she joined; the email to Dana and Eve once; Ada (a user) no one's.
    expect(over({ spans }).periods.map((period) => period.activity_counts)).toEqual([counts(1, 1), counts(2, 1)]);
    expect(over({ spans }).by_user.map((user) => [user.internal_user_uuid, user.periods[1]?.activity_counts])).toEqual([["user-ada", counts(2, 1)]]);
    // Without spans: the current members' whole activity.
    expect(over({}).periods.map((period) => period.activity_counts)).toEqual([counts(2, 1), counts(2, 1)]);
    expect(() => activityStats(moved, { entity: "person", uuid: "dana" }, { now: NOW, spans })).toThrow(/"spans" only for a company/);
    expect(() => activityStats(moved, { entity: "company", uuid: "acme" }, { now: NOW, spans: [{ person_uuid: "dana", from: "2026-01-01" } as never] })).toThrow(/each of "spans"/);
  });

  it("leaves internal users affiliated with the company out of its persons", () => {
    const own = buildGraph(withUser("ada"), withUser("ben"), withAffiliation("ada", "tenant"), withAffiliation("ben", "tenant"), withMeeting(["ada", "ben"]));
    expect(activityStats(own, { entity: "company", uuid: "tenant" }, { now: NOW }).periods).toEqual([]);
  });

  it("breaks top-user ties by 90-day total, then by user uuid", () => {
    const ties = buildGraph(withUser("b", "user-b"), withUser("a", "user-a"), withEmail("a", "t"), withEmail("b", "t"), withMeeting(["b", "t"]));
    expect(activityStats(ties, { entity: "person", uuid: "t" }, { now: NOW }).top_email_user?.internal_user_uuid).toBe("user-b");
    const even = buildGraph(withUser("b", "user-b"), withUser("a", "user-a"), withEmail("a", "t"), withEmail("b", "t"));
    expect(activityStats(even, { entity: "person", uuid: "t" }, { now: NOW }).top_email_user?.internal_user_uuid).toBe("user-a");
    expect(activityStats(even, { entity: "person", uuid: "t" }, { now: NOW }).top_meeting_user).toBeNull();
  });

  it("returns empty periods for an entity without data", () => {
    expect(activityStats(graph, { entity: "person", uuid: "nobody" }, { now: NOW })).toEqual({
      entity_type: "PERSON",
      entity_uuid: "nobody",
      periods: [],
      by_user: [],
      top_email_user: null,
      top_meeting_user: null,
    });
    expect(activityStats(graph, { entity: "person", uuid: "dana" }, { now: daysAgo(500) }).periods).toEqual([]);
  });

  it("counts with teamOnly only what the team took part in: a mail to a list, a meeting of outsiders and a user's own are left out", () => {
    const deal = buildGraph(
      withUser("paula"),
      withUser("andy"),
      withAffiliation("carl", "targetco"),
      withAffiliation("cindy", "targetco"),
      withMeeting(["paula", "carl"], daysAgo(15)),
      withEmail("carl", ["lps-list"], daysAgo(5)),
      withEmail("carl", ["lps-list"], daysAgo(35)),
      withMeeting(["carl", "cindy"], daysAgo(2)),
      withEmail("cindy", ["carl", "andy"], daysAgo(100)),
      withEmail("andy", ["broker"], daysAgo(1)),
      withMeeting(["andy", "paula"], daysAgo(3)),
    );
    const periods = (entity: "person" | "company", uuid: string, teamOnly?: boolean) =>
      activityStats(deal, { entity, uuid }, { now: NOW, periods: ["90_days", "all_time"], ...(teamOnly === undefined ? {} : { teamOnly }) }).periods.map(
        (period) => [period.period, period.activity_counts, period.last_activity_date],
      );
    expect(periods("person", "carl")).toEqual([
      ["90_days", counts(2, 2), "2026-11-29"],
      ["all_time", counts(3, 2), "2026-11-29"],
    ]);
    expect(periods("person", "carl", true)).toEqual([
      ["90_days", counts(0, 1), "2026-11-16"],
      ["all_time", counts(1, 1), "2026-11-16"],
    ]);
    expect(periods("company", "targetco", true)).toEqual([
      ["90_days", counts(0, 1), "2026-11-16"],
      ["all_time", counts(1, 1), "2026-11-16"],
    ]);
    // A user's own mail to an outsider is not the team's activity with them; a meeting with a colleague is.
    expect(periods("person", "andy", true)).toEqual([
      ["90_days", counts(0, 1), "2026-11-28"],
      ["all_time", counts(0, 1), "2026-11-28"],
    ]);
    expect(periods("person", "broker", true)).toEqual([
      ["90_days", counts(1, 0), "2026-11-30"],
      ["all_time", counts(1, 0), "2026-11-30"],
    ]);
    expect(periods("person", "lps-list", true)).toEqual([]);
    expect(periods("person", "carl", false)).toEqual(periods("person", "carl"));
    expect(activityStats(deal, { entity: "person", uuid: "carl" }, { now: NOW, teamOnly: true }).by_user).toEqual(
      activityStats(deal, { entity: "person", uuid: "carl" }, { now: NOW }).by_user,
    );
  });

  it("rejects a teamOnly that is not a boolean", () => {
    expect(() => activityStats(graph, { entity: "person", uuid: "dana" }, { now: NOW, teamOnly: "yes" as never })).toThrow(
      'activityStats: expecting "teamOnly" to be a boolean but got "yes".',
    );
  });

  it("rejects an unknown period", () => {
    expect(() => activityStats(graph, { entity: "person", uuid: "dana" }, { now: NOW, periods: ["7_days" as never] })).toThrow(
      'activityStats: expecting each of "periods" to be one of 30_days, 90_days, 180_days, 365_days, all_time but got "7_days".',
    );
  });
});
