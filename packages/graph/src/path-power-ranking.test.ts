import { describe, expect, expectTypeOf, it } from "vitest";
import { teamLinkTable } from "./internal/team-link-table.js";
import { pathPower } from "./path-power.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { stateOf, type RelationshipGraph } from "./relationship-graph.js";
import { strengthLabel } from "./strength-label.js";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser, type GraphStep } from "./testing/builders.js";
import { ENTITY_KINDS, type StrengthLabel } from "./types.js";

/** Even weights: a bound weighs every kind as the heaviest, so these bounds are nearly the scores. */
const options = { now: NOW, parameters: { meetingWeight: 1, emailWeight: 1, oneWayFactor: 1 } };

/** The graph of `steps` with a team-link table kept, as a large graph keeps one: rankings then stop early. */
function graphWithTable(...steps: GraphStep[]): RelationshipGraph {
  const graph = buildGraph(...steps);
  teamLinkTable(stateOf("test", graph));
  return graph;
}

const users = [withUser("ada"), withUser("ben"), withUser("cy")];
/** A meeting of each user with `person`, `days` ago. */
const metByEveryone = (person: string, days: number): GraphStep[] => ["ada", "ben", "cy"].map((user) => withMeeting([user, person], daysAgo(days)));

describe("pathPowerRanking", () => {
  it("gives every entry a score and its label by the graph's thresholds, and its type says so", () => {
    // eve's 0.006 shows as 1: banded as displayed, weak below a moderate of 0.02 (0.01 would take it).
    const thresholds = { moderate: 0.02, strong: 0.05, veryStrong: 0.9 };
    const graph = buildGraph({ parameters: { strengthThresholds: thresholds } }, ...users, ...metByEveryone("dana", 5), withAffiliation("dana", "acme"), withEmail("ada", "eve", daysAgo(300)));
    const entries = ENTITY_KINDS.flatMap((entity) => pathPowerRanking(graph, entity, { now: NOW, limit: 10 }).entries);
    expect(entries.map((entry) => entry.uuid)).toEqual(["dana", "eve", "acme"]);
    for (const entry of entries) expect(entry.strength_label).toBe(strengthLabel(entry.score, thresholds));
    const [dana, eve] = pathPowerRanking(graph, "person", { now: NOW, limit: 10 }).entries;
    expect([dana?.strength_label, eve?.strength_label]).toEqual(["strong", "weak"]);
    // The API shows a ranked entry's score and label without a fallback for null.
    expectTypeOf(dana!.score).toEqualTypeOf<number>();
    expectTypeOf(dana!.strength_label).toEqualTypeOf<StrengthLabel>();
  });

  it("ranks a person the whole team knows above one a single user knows better, read strongest edge first", () => {
    // solo's one link is the strongest edge of all, so solo is read first; dana's three weaker links add up.
    const graph = graphWithTable(...users, withMeeting(["ada", "solo"]), withMeeting(["ada", "solo"], daysAgo(1)), ...metByEveryone("dana", 5));
    const ranking = pathPowerRanking(graph, "person", { ...options, limit: 1 });
    expect(ranking.entries.map((entry) => entry.uuid)).toEqual(["dana"]);
    expect(ranking.entries[0]).toEqual(pathPower(graph, { entity: "person", uuid: "dana" }, options));
    expect(ranking.total).toBe(2);
  });

  it("ranks a company of several known members above one whose single member is known better", () => {
    const graph = graphWithTable(
      ...users,
      withAffiliation("solo", "solo-inc"),
      ...metByEveryone("solo", 0),
      ...["dana", "eve", "fay"].flatMap((member) => [withAffiliation(member, "acme"), ...metByEveryone(member, 20)]),
    );
    const ranking = pathPowerRanking(graph, "company", { ...options, limit: 1 });
    expect(ranking.entries).toEqual([pathPower(graph, { entity: "company", uuid: "acme" }, options)]);
    expect(ranking.entries[0]!.meta).toEqual({ person_count: 3, connected_person_count: 3 });
    expect(ranking.total).toBe(2);
  });

  it("bounds a company by its members' team links: one member the whole team knows outranks one a single user knows better", () => {
    const graph = graphWithTable(
      ...users,
      withAffiliation("solo", "solo-inc"),
      withMeeting(["ada", "solo"]),
      withMeeting(["ada", "solo"], daysAgo(1)),
      withAffiliation("dana", "acme"),
      ...metByEveryone("dana", 5),
    );
    expect(pathPowerRanking(graph, "company", { ...options, limit: 1 }).entries).toEqual([pathPower(graph, { entity: "company", uuid: "acme" }, options)]);
  });

  it("orders equal scores by uuid, pages by offset and counts only entities with a PathPower at now", () => {
    const graph = graphWithTable(
      ...users,
      withEmail("ada", "zoe", daysAgo(3)),
      withEmail("ada", "abe", daysAgo(3)),
      withEmail("ben", "mia", daysAgo(3)),
      // Only upcoming: no PathPower yet, not counted.
      withMeeting(["cy", "future"], daysAgo(-2)),
      // Not linked to the team at all.
      withEmail("abe", "stranger"),
    );
    const uuidsOf = (offset: number, limit: number) => pathPowerRanking(graph, "person", { now: NOW, offset, limit }).entries.map((entry) => entry.uuid);
    expect(uuidsOf(0, 10)).toEqual(["abe", "mia", "zoe"]);
    expect(uuidsOf(1, 1)).toEqual(["mia"]);
    expect(uuidsOf(3, 5)).toEqual([]);
    expect(pathPowerRanking(graph, "person", { now: NOW, offset: 3, limit: 5 }).total).toBe(3);
    expect(pathPowerRanking(graph, "person", { now: daysAgo(-3), limit: 5 }).entries.map((entry) => entry.uuid)).toContain("future");
  });

  it("leaves the team's own persons out", () => {
    const graph = buildGraph(...users, withEmail("ada", "ben"), withEmail("ada", "dana"));
    expect(pathPowerRanking(graph, "person", { now: NOW, limit: 10 }).entries.map((entry) => entry.uuid)).toEqual(["dana"]);
  });

  it("rejects a page it cannot answer", () => {
    const graph = buildGraph(...users);
    expect(() => pathPowerRanking(graph, "person", { now: NOW, limit: 0 })).toThrow(/limit/);
    expect(() => pathPowerRanking(graph, "person", { now: NOW, limit: 1, offset: -1 })).toThrow(/offset/);
    expect(() => pathPowerRanking(graph, "deal" as "person", { now: NOW, limit: 1 })).toThrow(/entity/);
  });
});

describe("pathPowerRanking's deep pages", () => {
  /** 1,100 contacts (past the size whose deep pages score every candidate), each at a company of its own, met by one to three users over the years. */
  function manyContacts(): RelationshipGraph {
    const steps: GraphStep[] = [...users];
    for (let index = 0; index < 1_100; index += 1) {
      const person = `p${String(index).padStart(4, "0")}`;
      steps.push(withAffiliation(person, `c${person}`));
      for (const [at, user] of ["ada", "ben", "cy"].entries()) {
        if ((index + at) % 3 !== 0 || at === 0) steps.push(withMeeting([user, person], daysAgo(1 + ((index * 37 + at * 11) % 900))));
      }
      if (index % 5 === 0) steps.push(withEmail("ada", person, daysAgo(index % 400)));
    }
    return graphWithTable(...steps);
  }

  it("answers every page, shallow ones walked by bound and deep ones scored whole, as the whole ranking sliced", () => {
    const graph = manyContacts();
    for (const entity of ENTITY_KINDS) {
      const whole = pathPowerRanking(graph, entity, { ...options, limit: 2_000 });
      expect(whole.total).toBe(1_100);
      for (const offset of [0, 20, 60, 69, 500, 1_050, 1_099, 1_100]) {
        expect(pathPowerRanking(graph, entity, { ...options, offset, limit: 50 })).toEqual({ total: 1_100, entries: whole.entries.slice(offset, offset + 50) });
      }
      // The whole ranking is the scores one by one, strongest first, ties by uuid.
      const scores = whole.entries.map((entry) => pathPower(graph, { entity, uuid: entry.uuid }, options).score);
      expect(whole.entries.map((entry) => entry.score)).toEqual(scores);
      for (let at = 1; at < whole.entries.length; at += 1) {
        const [before, after] = [whole.entries[at - 1]!, whole.entries[at]!];
        expect(before.score! > after.score! || (before.score === after.score && before.uuid < after.uuid)).toBe(true);
      }
    }
  });
});
