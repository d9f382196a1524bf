/**
 * pathPowerRanking by the team's latest counted interaction with the entities: sorted by it, and kept within a time
 * range. Checked on a small graph and, for any interactions, against the PathPower ranking's own entries filtered and
 * sorted by teamLastActivityAt.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { teamLastActivityAt } from "./team-last-activity.js";
import { buildGraph, DAY, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { EntityKind, RankedPathPower } from "./types.js";

const names = (entries: RankedPathPower[]) => entries.map((entry) => entry.uuid);

describe("pathPowerRanking by last activity", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    // Dana: many meetings long ago (the strongest PathPower), Eve: one email yesterday, Fay: one email a week ago.
    ...[30, 31, 32, 33, 34].map((days) => withMeeting(["ada", "ben", "dana"], daysAgo(days))),
    withEmail("ada", "eve", daysAgo(1)),
    withEmail("fay", "ben", daysAgo(7)),
    // Gus met Ada 20 days ago and meets her again in 3 days: his last activity is the past meeting.
    withMeeting(["ada", "gus"], daysAgo(20)),
    withMeeting(["ada", "gus"], daysAgo(-3)),
    withAffiliation("dana", "acme"),
    withAffiliation("eve", "initech"),
  );

  it("ranks by PathPower by default, and sorts by the latest interaction, latest first or with order asc earliest first", () => {
    expect(names(pathPowerRanking(graph, "person", { now: NOW, limit: 10 }).entries)[0]).toBe("dana");
    expect(names(pathPowerRanking(graph, "person", { now: NOW, limit: 10, sortBy: "last_activity" }).entries)).toEqual(["eve", "fay", "gus", "dana"]);
    expect(names(pathPowerRanking(graph, "person", { now: NOW, limit: 10, sortBy: "last_activity", order: "asc" }).entries)).toEqual(["dana", "gus", "fay", "eve"]);
    expect(names(pathPowerRanking(graph, "company", { now: NOW, limit: 10, sortBy: "last_activity" }).entries)).toEqual(["initech", "acme"]);
  });

  it("keeps only the entities whose latest interaction is in the inclusive range, and counts only them", () => {
    const sinceAWeek = pathPowerRanking(graph, "person", { now: NOW, limit: 10, lastActivityFrom: daysAgo(7) });
    expect(sinceAWeek.total).toBe(2);
    // Still by PathPower: the range narrows the ranking, not its order.
    const byPathPower = names(pathPowerRanking(graph, "person", { now: NOW, limit: 10 }).entries);
    expect(names(sinceAWeek.entries)).toEqual(byPathPower.filter((name) => name === "eve" || name === "fay"));
    // Gone cold: nothing in the last ten days; Gus's upcoming meeting does not count.
    const cold = pathPowerRanking(graph, "person", { now: NOW, limit: 10, lastActivityTo: daysAgo(10), sortBy: "last_activity" });
    expect(cold.total).toBe(2);
    expect(names(cold.entries)).toEqual(["gus", "dana"]);
    const page = pathPowerRanking(graph, "person", { now: NOW, offset: 1, limit: 1, sortBy: "last_activity", lastActivityFrom: daysAgo(30), lastActivityTo: daysAgo(1) });
    expect(page.total).toBe(4);
    expect(names(page.entries)).toEqual(["fay"]);
    expect(names(pathPowerRanking(graph, "company", { now: NOW, limit: 10, lastActivityTo: daysAgo(10) }).entries)).toEqual(["acme"]);
  });

  it("refuses a sort, an order or a bound it does not know", () => {
    expect(() => pathPowerRanking(graph, "person", { now: NOW, limit: 1, sortBy: "rq" as never })).toThrow(/sortBy/);
    expect(() => pathPowerRanking(graph, "person", { now: NOW, limit: 1, order: "up" as never })).toThrow(/order/);
    expect(() => pathPowerRanking(graph, "person", { now: NOW, limit: 1, lastActivityTo: Number.NaN })).toThrow(/lastActivityTo/);
  });

  it("answers, for any interactions, the PathPower ranking's entries in that range in that order", () => {
    const persons = ["p0", "p1", "p2", "p3", "p4", "p5", "p6"];
    const users = [{ userUuid: "u0", personUuid: "p0" }, { userUuid: "u1", personUuid: "p1" }];
    const affiliations = ["p2", "p3", "p4", "p5", "p6"].map((personUuid, index) => ({ personUuid, companyUuid: `c${index % 2}` }));
    const bound = fc.option(fc.integer({ min: -40, max: 400 }).map((days) => NOW - days * DAY), { nil: undefined });
    fc.assert(
      fc.property(
        interactionLists(persons, { age: ageInDays(400), length: { minLength: 0, maxLength: 30 }, maximumAttendees: 4 }),
        fc.constantFrom<EntityKind>("person", "company"),
        fc.constantFrom("path_power" as const, "last_activity" as const),
        fc.constantFrom("asc" as const, "desc" as const),
        bound,
        bound,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        (interactions, entity, sortBy, order, from, to, offset, limit) => {
          const built = hydrateGraph({ interactions, internalUsers: users, affiliations });
          const lastOf = (entry: RankedPathPower) => teamLastActivityAt(built, { entity, uuid: entry.uuid }, { now: NOW });
          const direction = order === "desc" ? -1 : 1;
          const expected = pathPowerRanking(built, entity, { now: NOW, limit: 100 })
            .entries.filter((entry) => {
              const at = lastOf(entry);
              return at !== null && (from === undefined || at >= from) && (to === undefined || at <= to);
            })
            .sort((left, right) => {
              const key = (entry: RankedPathPower) => (sortBy === "path_power" ? entry.score : lastOf(entry)!);
              return direction * (key(left) - key(right)) || (left.uuid < right.uuid ? -1 : 1);
            });
          const answer = pathPowerRanking(built, entity, { now: NOW, limit, offset, sortBy, order, lastActivityFrom: from, lastActivityTo: to });
          expect(answer.total).toBe(expected.length);
          expect(answer.entries).toEqual(expected.slice(offset, offset + limit));
        },
      ),
      { numRuns: 200 },
    );
  });
});
