import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";

describe("strongestRelationships", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withUser("cy"),
    withAffiliation("dana", "acme"),
    withAffiliation("eve", "acme"),
    withMeeting(["ada", "dana"], daysAgo(30)),
    withEmail("ben", "dana", daysAgo(2)),
    withMeeting(["cy", "dana"]),
    withMeeting(["ben", "eve"], daysAgo(4)),
  );
  const rq = (user: string, person: string): number => connectionScore(graph, user, person, { now: NOW });

  it("returns the two internal users with the highest rq_pretty, with tenant-wide last_engaged_at", () => {
    expect(strongestRelationships(graph, { entity: "person", uuid: "dana" }, { now: NOW })).toEqual([
      { user_uuid: "user-cy", internal_user_person_uuid: "cy", person_uuid: "dana", rq: rq("cy", "dana"), rq_pretty: 27, last_engaged_at: NOW, user_last_engaged_at: NOW },
      { user_uuid: "user-ada", internal_user_person_uuid: "ada", person_uuid: "dana", rq: rq("ada", "dana"), rq_pretty: 23, last_engaged_at: NOW, user_last_engaged_at: daysAgo(30) },
    ]);
    expect(strongestRelationships(graph, { entity: "person", uuid: "dana" }, { now: NOW, limit: 5 })).toHaveLength(3);
  });

  it("takes each user's best RQ over a company's affiliated persons", () => {
    const rows = strongestRelationships(graph, { entity: "company", uuid: "acme" }, { now: NOW, limit: 3 });
    expect(rows?.map((row) => [row.user_uuid, row.person_uuid, row.rq])).toEqual([
      ["user-cy", "dana", rq("cy", "dana")],
      ["user-ben", "eve", rq("ben", "eve")],
      ["user-ada", "dana", rq("ada", "dana")],
    ]);
  });

  it("does not count colleagues affiliated with the company", () => {
    const own = buildGraph(withUser("ada"), withUser("ben"), withAffiliation("ben", "tenant"), withMeeting(["ada", "ben"]));
    expect(strongestRelationships(own, { entity: "company", uuid: "tenant" }, { now: NOW })).toEqual([]);
  });

  it("breaks equal rq_pretty by rq, then by user uuid", () => {
    const ties = buildGraph(withUser("b", "user-b"), withUser("a", "user-a"), withUser("c", "user-c"), withEmail("b", "t"), withEmail("a", "t"), withEmail("c", "t", daysAgo(1)));
    expect(strongestRelationships(ties, { entity: "person", uuid: "t" }, { now: NOW, limit: 3 })?.map((row) => [row.user_uuid, row.rq_pretty])).toEqual([
      ["user-a", 6],
      ["user-b", 6],
      ["user-c", 6],
    ]);
  });

  it("is null when the tenant has no activity at all, empty when the subject has none", () => {
    expect(strongestRelationships(buildGraph(withUser("ada")), { entity: "person", uuid: "dana" }, { now: NOW })).toBeNull();
    expect(strongestRelationships(graph, { entity: "person", uuid: "dana" }, { now: daysAgo(100) })).toBeNull();
    expect(strongestRelationships(graph, { entity: "person", uuid: "nobody" }, { now: NOW })).toEqual([]);
  });

  it("notices when the only earlier activity is removed", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "dana", daysAgo(5), "old"), withEmail("ada", "dana", daysAgo(-5), "future"));
    expect(strongestRelationships(graph, { entity: "person", uuid: "dana" }, { now: NOW })).toHaveLength(1);
    graph.removeInteraction("old");
    expect(strongestRelationships(graph, { entity: "person", uuid: "dana" }, { now: NOW })).toBeNull();
  });
});
