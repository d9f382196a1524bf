import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import { recommendedPaths } from "./recommended-paths.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { daysAgo, email, meeting, NOW } from "./testing/builders.js";
import type { Interaction } from "./types.js";

const interactions: Interaction[] = [
  email("ada", ["cleo", "dana"], daysAgo(2), "e1"),
  email("cleo", "ada", daysAgo(40), "e2"),
  meeting(["ben", "dana", "cleo"], daysAgo(10), "m1", { organizerUuid: "ben" }),
  meeting(["ada", "dana"], daysAgo(-3), "m2"),
  meeting(["ben", "cleo"], daysAgo(5), "m3", { status: "cancelled" }),
  email("dana", "dana", daysAgo(1), "e3"),
];
const users = [
  { userUuid: "user-ada", personUuid: "ada" },
  { userUuid: "user-ben", personUuid: "ben" },
];

function incremental(list: Interaction[]): RelationshipGraph {
  const graph = new RelationshipGraph();
  for (const user of users) graph.markInternal(user.personUuid, user.userUuid);
  graph.setAffiliation("dana", "acme");
  for (const interaction of list) graph.addInteraction(interaction);
  return graph;
}

describe("hydrateGraph", () => {
  it("builds the same graph as adding the interactions one by one", () => {
    const hydrated = hydrateGraph({ interactions, internalUsers: users, affiliations: [{ personUuid: "dana", companyUuid: "acme" }] });
    const built = incremental(interactions);
    expect([hydrated.personCount, hydrated.edgeCount, hydrated.interactionCount]).toEqual([built.personCount, built.edgeCount, built.interactionCount]);
    for (const [first, second] of [["ada", "cleo"], ["ada", "dana"], ["ben", "dana"], ["cleo", "dana"], ["ben", "cleo"]] as const) {
      expect(connectionScore(hydrated, first, second, { now: NOW })).toBe(connectionScore(built, first, second, { now: NOW }));
    }
    const target = { entity: "company", uuid: "acme" } as const;
    expect(recommendedPaths(hydrated, target, { now: NOW })).toEqual(recommendedPaths(built, target, { now: NOW }));
  });

  it("accepts any iterable, skips past affiliations and lets a repeated id replace the earlier row", () => {
    function* rows(): Generator<Interaction> {
      yield email("ada", "cleo", NOW, "e1");
      yield email("ada", "dana", NOW, "e1");
    }
    const graph = hydrateGraph({
      interactions: rows(),
      affiliations: [
        { personUuid: "dana", companyUuid: "acme", current: false },
        { personUuid: "eve", companyUuid: "acme" },
      ],
    });
    expect(graph.interactionCount).toBe(1);
    expect(connectionScore(graph, "ada", "cleo", { now: NOW })).toBe(0);
    expect(connectionScore(graph, "ada", "dana", { now: NOW })).toBeGreaterThan(0);
    expect(graph.affiliatedPersons("acme")).toEqual(["eve"]);
  });

  it("refuses an affiliation whose current is not a boolean, in both hydrations", async () => {
    // SQLite's 0 (and the string "false") once counted as a current affiliation.
    for (const current of [0, 1, "false", null]) {
      const input = { interactions: [], affiliations: [{ personUuid: "dana", companyUuid: "acme", current: current as never }] };
      const message = `expecting "affiliations[].current" to be true, false or left out but got ${JSON.stringify(String(current))}.`;
      expect(() => hydrateGraph(input)).toThrow(`hydrateGraph: ${message}`);
      await expect(hydrateGraphAsync(input)).rejects.toThrow(`hydrateGraphAsync: ${message}`);
    }
    const graph = hydrateGraph({ interactions: [], affiliations: [{ personUuid: "dana", companyUuid: "acme", current: true }] });
    expect(graph.affiliatedPersons("acme")).toEqual(["dana"]);
  });

  it("refuses a row holding a field its record does not have, in both hydrations and in the updates", async () => {
    // Misspelt, each was dropped in silence: the cancelled meeting counted, the past affiliation was current.
    const cancelled = { id: "m9", kind: "meeting", occurredAt: daysAgo(3), attendeeUuids: ["ada", "cleo"], stauts: "cancelled" } as unknown as Interaction;
    const cases = [
      { input: { interactions: [cancelled] }, message: 'expecting a known meeting field ("id", "kind", "occurredAt", "attendeeUuids", "organizerUuid", "status", "title") but got "stauts".' },
      { input: { interactions: [], affiliations: [{ personUuid: "dana", companyUuid: "acme", curent: false }] }, message: 'but got "curent".' },
      { input: { interactions: [], internalUsers: [{ userUuid: "user-ada", personUuid: "ada", role: "admin" }] }, message: 'but got "role".' },
    ];
    for (const { input, message } of cases) {
      expect(() => hydrateGraph(input as never)).toThrow(message);
      await expect(hydrateGraphAsync(input as never)).rejects.toThrow(message);
    }
    const graph = incremental(interactions);
    expect(() => graph.addInteraction(cancelled)).toThrow(`addInteraction: ${cases[0]!.message}`);
    expect(() => graph.updateInteraction({ ...cancelled, id: "m1" })).toThrow(`updateInteraction: ${cases[0]!.message}`);
    expect(graph.hasInteraction("m9")).toBe(false);
    expect(graph.interactionsOf("ben").map((interaction) => interaction.id)).toContain("m1");
  });

  it("uses the deployment's parameters", () => {
    const graph = hydrateGraph({ interactions: [email("ada", "cleo", NOW, "e1")] }, { parameters: { saturation: 0.5 } });
    expect(graph.parameters.saturation).toBe(0.5);
    expect(connectionScore(graph, "ada", "cleo", { now: NOW })).toBe(0.5);
  });

  it("stays incrementally updatable after hydration", () => {
    const graph = hydrateGraph({ interactions, internalUsers: users });
    graph.addInteraction(email("ada", "eve", NOW, "e9"));
    graph.removeInteraction("e1");
    const expected = incremental([...interactions.filter((interaction) => interaction.id !== "e1"), email("ada", "eve", NOW, "e9")]);
    for (const [first, second] of [["ada", "cleo"], ["ada", "dana"], ["ada", "eve"], ["cleo", "dana"]] as const) {
      expect(connectionScore(graph, first, second, { now: NOW })).toBe(connectionScore(expected, first, second, { now: NOW }));
    }
  });

  it("names itself and quotes the bad row", () => {
    expect(() => hydrateGraph({ interactions: [{ id: "e1", kind: "fax", occurredAt: NOW }] as never })).toThrow(
      'hydrateGraph: expecting "interaction.kind" to be "email" or "meeting" but got "fax".',
    );
    expect(() => hydrateGraph({ interactions: 3 } as never)).toThrow('hydrateGraph: expecting "interactions" to be an iterable but got "3".');
    expect(() => hydrateGraph({ interactions: [], internalUsers: [{ userUuid: "u" }] } as never)).toThrow(
      'hydrateGraph: expecting "internalUsers[].personUuid" to be a non-empty string but got "undefined".',
    );
  });

  it("names itself, not the graph's constructor, for a bad parameter", () => {
    expect(() => hydrateGraph({ interactions: [] }, { parameters: { saturation: -1 } })).toThrow(
      'hydrateGraph: expecting "parameters.saturation" to be a positive number of at most 1000000000 but got "-1".',
    );
    expect(() => hydrateGraph({ interactions: [] }, { parameters: { halfLife: 30 } as never })).toThrow(
      'hydrateGraph: expecting a known scoring parameter name but got "halfLife".',
    );
  });

  it("refuses an unknown input field, even undefined, instead of building a graph without what it held", () => {
    const known = '("interactions", "internalUsers", "affiliations")';
    expect(() => hydrateGraph({ interactions, internalUser: users } as never)).toThrow(
      `hydrateGraph: expecting a known input field ${known} but got "internalUser".`,
    );
    expect(() => hydrateGraph({ interactions, affiliation: undefined } as never)).toThrow(
      `hydrateGraph: expecting a known input field ${known} but got "affiliation".`,
    );
    expect(() => hydrateGraph([] as never)).toThrow('hydrateGraph: expecting "input" to be an object but got "[]".');
  });

  it("refuses a field given as null or as no iterable, before reading any row", () => {
    let usersRead = 0;
    function* countedUsers() {
      for (const user of users) {
        usersRead += 1;
        yield user;
      }
    }
    expect(() => hydrateGraph({ interactions, internalUsers: null } as never)).toThrow(
      'hydrateGraph: expecting "internalUsers" to be an iterable but got "null".',
    );
    expect(() => hydrateGraph({ interactions, affiliations: { personUuid: "dana", companyUuid: "acme" } } as never)).toThrow(
      'hydrateGraph: expecting "affiliations" to be an iterable but got "{"personUuid":"dana","companyUuid":"acme"}".',
    );
    expect(() => hydrateGraph({ interactions: 3, internalUsers: countedUsers() } as never)).toThrow(
      'hydrateGraph: expecting "interactions" to be an iterable but got "3".',
    );
    expect(usersRead).toBe(0);
    expect(hydrateGraph({ interactions, internalUsers: undefined, affiliations: undefined }).interactionCount).toBe(4);
  });
});
