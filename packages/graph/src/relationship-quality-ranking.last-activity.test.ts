/**
 * relationshipQualityRanking by the pairs' latest interaction: sorted by it, and kept within a time range. Checked on
 * a small graph and, for any interactions, against the RQ ranking's own entries filtered and sorted by last_activity_at.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { relationshipQualityRanking } from "./relationship-quality-ranking.js";
import { buildGraph, DAY, daysAgo, NOW, withEmail, withMeeting, withUser } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { RelationshipQuality } from "./types.js";

const names = (entries: RelationshipQuality[]) => entries.map((entry) => entry.person_uuid);

describe("relationshipQualityRanking by last activity", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    // Dana: many meetings long ago (the strongest RQ), Eve: one email yesterday, Fay: one email a week ago.
    ...[30, 31, 32, 33, 34].map((days) => withMeeting(["ada", "dana"], daysAgo(days))),
    withEmail("ada", "eve", daysAgo(1)),
    withEmail("fay", "ada", daysAgo(7)),
    // Gus met Ada 20 days ago and meets her again in 3 days: his last activity is the past meeting.
    withMeeting(["ada", "gus"], daysAgo(20)),
    withMeeting(["ada", "gus"], daysAgo(-3)),
    withEmail("ada", "ben", daysAgo(0)),
  );

  it("sorts by the latest interaction, latest first by default and earliest first with order asc", () => {
    expect(names(relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10 }).entries)[0]).toBe("dana");
    expect(names(relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10, sortBy: "last_activity" }).entries)).toEqual(["eve", "fay", "gus", "dana"]);
    expect(names(relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10, sortBy: "last_activity", order: "asc" }).entries)).toEqual(["dana", "gus", "fay", "eve"]);
  });

  it("keeps only the pairs whose latest interaction is in the inclusive range, and counts only them", () => {
    const sinceAWeek = relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10, lastActivityFrom: daysAgo(7) });
    expect(sinceAWeek.total).toBe(2);
    // Still by RQ: the range narrows the ranking, not its order.
    const byRq = names(relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10 }).entries);
    expect(names(sinceAWeek.entries)).toEqual(byRq.filter((name) => name === "eve" || name === "fay"));
    // Gus's upcoming meeting is not his last activity: the past one, 20 days ago, is.
    const cold = relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10, lastActivityTo: daysAgo(10), sortBy: "last_activity" });
    expect(cold).toMatchObject({ total: 2 });
    expect(names(cold.entries)).toEqual(["gus", "dana"]);
    expect(cold.entries[0]!.last_activity_at).toBe(daysAgo(20));
    const page = relationshipQualityRanking(graph, "user-ada", { now: NOW, offset: 1, limit: 1, sortBy: "last_activity", lastActivityFrom: daysAgo(30), lastActivityTo: daysAgo(1) });
    expect(page).toMatchObject({ total: 4 });
    expect(names(page.entries)).toEqual(["fay"]);
  });

  it("refuses a sort, an order or a bound it does not know", () => {
    expect(() => relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 1, sortBy: "name" as never })).toThrow(/sortBy/);
    expect(() => relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 1, order: "up" as never })).toThrow(/order/);
    expect(() => relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 1, lastActivityFrom: Number.NaN })).toThrow(/lastActivityFrom/);
  });

  it("answers, for any interactions, the RQ ranking's entries in that range in that order", () => {
    const persons = ["p0", "p1", "p2", "p3", "p4", "p5", "p6"];
    const users = [{ userUuid: "u0", personUuid: "p0" }, { userUuid: "u1", personUuid: "p1" }];
    const bound = fc.option(fc.integer({ min: -40, max: 400 }).map((days) => NOW - days * DAY), { nil: undefined });
    fc.assert(
      fc.property(
        interactionLists(persons, { age: ageInDays(400), length: { minLength: 0, maxLength: 30 }, maximumAttendees: 4 }),
        fc.constantFrom("rq" as const, "last_activity" as const),
        fc.constantFrom("asc" as const, "desc" as const),
        bound,
        bound,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        (interactions, sortBy, order, from, to, offset, limit) => {
          const built = hydrateGraph({ interactions, internalUsers: users, affiliations: [] });
          const every = relationshipQualityRanking(built, "u0", { now: NOW, limit: 100 }).entries;
          const direction = order === "desc" ? -1 : 1;
          const expected = every
            .filter((entry) => entry.last_activity_at !== null && (from === undefined || entry.last_activity_at >= from) && (to === undefined || entry.last_activity_at <= to))
            .sort((left, right) => {
              const key = (entry: RelationshipQuality) => (sortBy === "rq" ? entry.rq : entry.last_activity_at!);
              return direction * (key(left) - key(right)) || (left.person_uuid < right.person_uuid ? -1 : 1);
            });
          const answer = relationshipQualityRanking(built, "u0", { now: NOW, limit, offset, sortBy, order, lastActivityFrom: from, lastActivityTo: to });
          expect(answer.total).toBe(expected.length);
          expect(answer.entries).toEqual(expected.slice(offset, offset + limit));
        },
      ),
      { numRuns: 200 },
    );
  });
});
