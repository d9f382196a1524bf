import { describe, expect, it } from "vitest";
import { relationshipQuality } from "./relationship-quality.js";
import { relationshipQualityRanking } from "./relationship-quality-ranking.js";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, withUser } from "./testing/builders.js";

describe("relationshipQualityRanking", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withMeeting(["ada", "dana"], daysAgo(2)),
    withEmail("ada", "eve", daysAgo(40)),
    withEmail("ada", "ben", daysAgo(1)),
    withMeeting(["ada", "future"], daysAgo(-3)),
    withEmail("ben", "fay", daysAgo(1)),
  );

  it("ranks the user's external contacts by RQ with their reasons, leaving colleagues and upcoming-only contacts out", () => {
    const ranking = relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 10 });
    expect(ranking.total).toBe(2);
    expect(ranking.entries).toEqual([
      relationshipQuality(graph, "user-ada", "dana", { now: NOW }),
      relationshipQuality(graph, "user-ada", "eve", { now: NOW }),
    ]);
  });

  it("pages by offset and limit", () => {
    expect(relationshipQualityRanking(graph, "user-ada", { now: NOW, offset: 1, limit: 1 }).entries.map((entry) => entry.person_uuid)).toEqual(["eve"]);
    expect(relationshipQualityRanking(graph, "user-ada", { now: NOW, offset: 2, limit: 1 })).toEqual({ total: 2, entries: [] });
  });

  it("answers an empty ranking for a user not in the graph, and rejects a bad page", () => {
    expect(relationshipQualityRanking(graph, "user-nobody", { now: NOW, limit: 5 })).toEqual({ total: 0, entries: [] });
    expect(() => relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 0 })).toThrow(/limit/);
  });
});
