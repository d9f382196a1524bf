import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { recommendedPaths, recommendedPathsOfMany } from "./recommended-paths.js";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";

const round = (value: number): number => Math.round(value * 1e9) / 1e9;
const person = (uuid: string) => ({ entity: "person", uuid }) as const;

/** ada knows cleo well, cleo knows dana a little; ben met dana; cy only emailed dana long ago. */
function buildTeam() {
  return buildGraph(
    withUser("ada"),
    withUser("ben"),
    withUser("cy"),
    withMeeting(["ada", "cleo"]),
    withEmail("cleo", "ada"),
    withEmail("cleo", "dana", daysAgo(3)),
    withEmail("dana", "cleo", daysAgo(2)),
    withMeeting(["ben", "dana"], daysAgo(20)),
    withEmail("cy", "dana", daysAgo(500)),
    withEmail("ada", "finn", daysAgo(1)),
    withEmail("finn", "dana", daysAgo(1)),
  );
}

describe("recommendedPaths", () => {
  const graph = buildTeam();
  const score = (first: string, second: string): number => connectionScore(graph, first, second, { now: NOW });

  it("ranks internal users by their best path, direct or through an external bridge", () => {
    const response = recommendedPaths(graph, person("dana"), { now: NOW });
    expect(response.total).toBe(3);
    expect(response.top_external_contacts).toEqual([]);
    expect(response.items.map((item) => [item.user_uuid, item.connection_score, item.path_count])).toEqual([
      ["user-ben", score("ben", "dana"), 1],
      ["user-ada", round(score("ada", "cleo") * score("cleo", "dana")), 2],
      ["user-cy", score("cy", "dana"), 1],
    ]);
    const ada = response.items[1];
    expect(ada?.paths).toEqual([
      [
        { person_uuid: "cleo", connection_score: score("ada", "cleo"), interaction_count: 2, last_interaction_at: NOW },
        { person_uuid: "dana", connection_score: score("cleo", "dana"), interaction_count: 2, last_interaction_at: daysAgo(2) },
      ],
      [
        { person_uuid: "finn", connection_score: score("ada", "finn"), interaction_count: 1, last_interaction_at: daysAgo(1) },
        { person_uuid: "dana", connection_score: score("finn", "dana"), interaction_count: 1, last_interaction_at: daysAgo(1) },
      ],
    ]);
    expect(ada?.priority_management).toEqual([
      {
        person_uuid: "dana",
        user_uuid: "user-ada",
        internal_user_person_uuid: "ada",
        interaction_count: 0,
        priority_score: Math.round(100 * round(score("ada", "cleo") * score("cleo", "dana"))),
        rq: 0,
        rq_pretty: 0,
        rq_reason: "No recorded interactions",
        last_activity_at: null,
        last_activity_date: null,
      },
    ]);
    expect(response.items[0]?.priority_management[0]).toMatchObject({
      rq: score("ben", "dana"),
      rq_reason: "1 meeting in the last 90 days, last on 2026-11-11",
      interaction_count: 1,
    });
    expect(response.items[0]?.strength).toBe("weak");
  });

  it("breaks ties by user uuid (not the user's person uuid) and keeps that tiebreak when the order is reversed", () => {
    const twins = buildGraph(
      withUser("u2", "user-a"),
      withUser("u1", "user-b"),
      withUser("u3", "user-c"),
      withEmail("u2", "t"),
      withEmail("u1", "t"),
      withMeeting(["u3", "t"]),
    );
    const descending = recommendedPaths(twins, person("t"), { now: NOW }).items.map((item) => item.person_uuid);
    const ascending = recommendedPaths(twins, person("t"), { now: NOW, order: "asc" }).items.map((item) => item.person_uuid);
    expect(descending).toEqual(["u3", "u2", "u1"]);
    expect(ascending).toEqual(["u2", "u1", "u3"]);
  });

  it("sorts by a caller-supplied name, unnamed users last", () => {
    const names: Record<string, string> = { "user-ada": "Ada Lovelace", "user-ben": "ben Okri" };
    const nameOf = (_person: string, user: string) => names[user];
    const ascending = recommendedPaths(graph, person("dana"), { now: NOW, sortBy: "name", order: "asc", nameOf });
    expect(ascending.items.map((item) => item.user_uuid)).toEqual(["user-ada", "user-ben", "user-cy"]);
    const descending = recommendedPaths(graph, person("dana"), { now: NOW, sortBy: "name", nameOf });
    expect(descending.items.map((item) => item.user_uuid)).toEqual(["user-ben", "user-ada", "user-cy"]);
    expect(() => recommendedPaths(graph, person("dana"), { now: NOW, sortBy: "name" })).toThrow(
      'recommendedPaths: expecting "nameOf" to be given with sortBy "name" but got "undefined".',
    );
  });

  it("sorts names alphabetically in every script, not by code point", () => {
    const names: Record<string, string> = { "user-ada": "Zeynep Kaya", "user-ben": "Çağlar Öztürk", "user-cy": "émile Zola" };
    const nameOf = (_person: string, user: string) => names[user];
    const ascending = recommendedPaths(graph, person("dana"), { now: NOW, sortBy: "name", order: "asc", nameOf });
    expect(ascending.items.map((item) => names[item.user_uuid])).toEqual(["Çağlar Öztürk", "émile Zola", "Zeynep Kaya"]);
  });

  it("refuses a name that is not a string, null or undefined, whatever the others are", () => {
    const numbered = (_person: string, user: string) => (user === "user-ada" ? 7 : "Ben") as never;
    expect(() => recommendedPaths(graph, person("dana"), { now: NOW, sortBy: "name", nameOf: numbered })).toThrow(
      'recommendedPaths: expecting "nameOf" to return a string, null or undefined but got "7".',
    );
    // Every user named alike was once compared equal and ranked by score, as if named.
    expect(() => recommendedPaths(graph, person("dana"), { now: NOW, sortBy: "name", nameOf: () => ({}) as never })).toThrow(
      'recommendedPaths: expecting "nameOf" to return a string, null or undefined but got "{}".',
    );
    expect(() => recommendedPathsOfMany(graph, [person("dana")], { now: NOW, sortBy: "name", nameOf: numbered })).toThrow(/^recommendedPathsOfMany: /);
  });

  it("limits items and paths but reports the totals", () => {
    const response = recommendedPaths(graph, person("dana"), { now: NOW, limit: 1, maximumPathsPerItem: 1 });
    expect(response.items).toHaveLength(1);
    expect(response.total).toBe(3);
    const ada = recommendedPaths(graph, person("dana"), { now: NOW, maximumPathsPerItem: 1 }).items[1];
    expect([ada?.paths.length, ada?.path_count]).toEqual([1, 2]);
  });

  it("never routes through a colleague, and never recommends the target to itself", () => {
    const colleagues = buildGraph(withUser("ada"), withUser("ben"), withMeeting(["ada", "ben"]), withEmail("ben", "dana"));
    expect(recommendedPaths(colleagues, person("dana"), { now: NOW }).items.map((item) => item.user_uuid)).toEqual(["user-ben"]);
    expect(recommendedPaths(colleagues, person("ben"), { now: NOW }).items.map((item) => item.user_uuid)).toEqual(["user-ada"]);
  });

  it("returns no items for an unknown target or before anything happened", () => {
    expect(recommendedPaths(graph, person("nobody"), { now: NOW })).toEqual({ entity: "person", target_uuid: "nobody", items: [], total: 0, top_external_contacts: [] });
    expect(recommendedPaths(graph, person("dana"), { now: daysAgo(1000) }).items).toEqual([]);
  });

  it("reaches a company through its affiliated external persons and ranks them as top external contacts", () => {
    const company = buildGraph(
      withUser("ada"),
      withUser("ben"),
      withAffiliation("dana", "acme"),
      withAffiliation("eve", "acme"),
      withAffiliation("ben", "acme"),
      withAffiliation("gus", "acme"),
      withMeeting(["ada", "dana"], daysAgo(5)),
      withEmail("ben", "dana", daysAgo(1)),
      withEmail("eve", "ben", daysAgo(60)),
      withEmail("cleo", "gus"),
      withMeeting(["ada", "cleo"]),
    );
    const rq = (first: string, second: string): number => connectionScore(company, first, second, { now: NOW });
    const response = recommendedPaths(company, { entity: "company", uuid: "acme" }, { now: NOW });
    expect(response.items.map((item) => [item.user_uuid, item.connection_score, item.path_count])).toEqual([
      ["user-ada", rq("ada", "dana"), 2],
      ["user-ben", rq("ben", "dana"), 2],
    ]);
    expect(response.items[0]?.priority_management.map((entry) => [entry.person_uuid, entry.priority_score])).toEqual([
      ["dana", Math.round(100 * rq("ada", "dana"))],
      ["gus", Math.round(100 * round(rq("ada", "cleo") * rq("cleo", "gus")))],
    ]);
    const danaPower = round(1 - (1 - rq("ada", "dana")) * (1 - rq("ben", "dana")));
    expect(response.top_external_contacts).toEqual([
      {
        person_uuid: "dana",
        connection_score: danaPower,
        strength: "moderate",
        internal_connectors: [
          { internal_user_person_uuid: "ada", internal_user_uuid: "user-ada", path_power_score: rq("ada", "dana"), last_engaged_at: daysAgo(5) },
          { internal_user_person_uuid: "ben", internal_user_uuid: "user-ben", path_power_score: rq("ben", "dana"), last_engaged_at: daysAgo(1) },
        ],
      },
      {
        person_uuid: "eve",
        connection_score: rq("ben", "eve"),
        strength: "weak",
        internal_connectors: [{ internal_user_person_uuid: "ben", internal_user_uuid: "user-ben", path_power_score: rq("ben", "eve"), last_engaged_at: daysAgo(60) }],
      },
    ]);
    // Without items, total still counts the internal users who reach the company.
    const contactsOnly = recommendedPaths(company, { entity: "company", uuid: "acme" }, { now: NOW, includeItems: false, topExternalContactsLimit: 1 });
    const everyItem = recommendedPaths(company, { entity: "company", uuid: "acme" }, { now: NOW });
    expect(everyItem.total).toBeGreaterThan(0);
    expect([contactsOnly.items, contactsOnly.total, contactsOnly.top_external_contacts.length]).toEqual([[], everyItem.total, 1]);
  });

  it("validates its options", () => {
    expect(() => recommendedPaths(graph, person("dana"), { now: NOW, order: "up" as never })).toThrow(
      'recommendedPaths: expecting "order" to be one of "asc", "desc" but got "up".',
    );
    expect(() => recommendedPaths(graph, person("dana"), { now: NOW, limit: -1 })).toThrow(
      'recommendedPaths: expecting "limit" to be an integer of at least 0 but got "-1".',
    );
    // "false" from a query string is truthy: it must not list every item in silence.
    for (const includeItems of ["false", 0, null]) {
      expect(() => recommendedPaths(graph, person("dana"), { now: NOW, includeItems: includeItems as never })).toThrow(
        `recommendedPaths: expecting "includeItems" to be true or false but got ${JSON.stringify(String(includeItems))}.`,
      );
    }
  });

  it("keeps a large company's strongest priority entries, ten by default, as a full ranking orders them", () => {
    // 150 persons at globex: each emailed by ada or ben some days ago, some also through a shared bridge.
    const steps = [withUser("ada"), withUser("ben")];
    for (let index = 0; index < 150; index += 1) {
      const member = `m${String(index).padStart(3, "0")}`;
      steps.push(withAffiliation(member, "globex"), withEmail(index % 3 === 0 ? "ben" : "ada", member, daysAgo(index % 40)));
      if (index % 5 === 0) steps.push(withEmail("bridge", member, daysAgo(index % 7)));
    }
    steps.push(withMeeting(["ada", "bridge"], daysAgo(1)), withMeeting(["ben", "bridge"], daysAgo(30)));
    const company = buildGraph(...steps);
    const target = { entity: "company", uuid: "globex" } as const;
    const all = recommendedPaths(company, target, { now: NOW, maximumPriorityEntries: Number.MAX_SAFE_INTEGER });
    const byDefault = recommendedPaths(company, target, { now: NOW });
    const three = recommendedPaths(company, target, { now: NOW, maximumPriorityEntries: 3 });
    // ada: her 100 members and 10 of ben's through the bridge; ben: his 50 and 20 of ada's.
    expect(all.items.map((item) => [item.user_uuid, item.priority_management.length])).toEqual([
      ["user-ada", 110],
      ["user-ben", 70],
    ]);
    for (const [index, item] of all.items.entries()) {
      const sorted = [...item.priority_management].sort(
        (left, right) => right.priority_score - left.priority_score || right.rq - left.rq || (left.person_uuid < right.person_uuid ? -1 : 1),
      );
      expect(item.priority_management).toEqual(sorted);
      expect(byDefault.items[index]?.priority_management).toEqual(item.priority_management.slice(0, 10));
      expect(three.items[index]?.priority_management).toEqual(item.priority_management.slice(0, 3));
      expect(three.items[index]?.path_count).toBe(item.path_count);
    }
  });
});

describe("recommendedPathsOfMany", () => {
  it("answers each target in input order, repeats and unknown targets included", () => {
    const graph = buildGraph(
      withUser("ada", "user-ada"),
      withEmail("ada", ["dana"], daysAgo(3)),
      withEmail("dana", ["erin"], daysAgo(10)),
    );
    const targets = [
      { entity: "person", uuid: "erin" },
      { entity: "person", uuid: "nobody" },
      { entity: "person", uuid: "erin" },
    ] as const;
    const answers = recommendedPathsOfMany(graph, targets, { now: NOW });
    expect(answers.map((answer) => [answer.target_uuid, answer.total])).toEqual([
      ["erin", 1],
      ["nobody", 0],
      ["erin", 1],
    ]);
    expect(answers[0]).toEqual(recommendedPaths(graph, targets[0], { now: NOW }));
    expect(recommendedPathsOfMany(graph, [], { now: NOW })).toEqual([]);
  });

  it("rejects what is not a list of targets, and bad options, before ranking any", () => {
    const graph = buildGraph(withUser("ada", "user-ada"));
    expect(() => recommendedPathsOfMany(graph, "erin" as never, { now: NOW })).toThrow(/recommendedPathsOfMany: expecting "targets" to be an array/);
    expect(() => recommendedPathsOfMany(graph, [{ entity: "deal", uuid: "x" } as never], { now: NOW })).toThrow(/recommendedPathsOfMany/);
    expect(() => recommendedPathsOfMany(graph, [{ entity: "person", uuid: "x" }], { now: NOW, order: "up" as never })).toThrow(/order/);
  });
});
