import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { derivedFields } from "./derived-fields.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { MEETING_INTERACTION_STATUSES } from "./types.js";
import { buildGraph, daysAgo, email, meeting, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";

const score = (graph: RelationshipGraph, first: string, second: string): number => connectionScore(graph, first, second, { now: NOW });

describe("RelationshipGraph", () => {
  it("starts empty with the default parameters", () => {
    const graph = new RelationshipGraph();
    expect([graph.personCount, graph.edgeCount, graph.interactionCount]).toEqual([0, 0, 0]);
    expect(graph.parameters.halfLifeDays).toBe(90);
    expect(Object.isFrozen(graph.parameters)).toBe(true);
    // To the bottom: the thresholds set every strength label.
    expect(Object.isFrozen(graph.parameters.strengthThresholds)).toBe(true);
    expect(Object.isFrozen(new RelationshipGraph({ parameters: { strengthThresholds: { moderate: 0.3 } } }).parameters.strengthThresholds)).toBe(true);
  });

  it("exposes the graphology graph of persons", () => {
    const graph = buildGraph(withEmail("ada", ["cleo", "dana"]));
    expect(graph.graphology.neighbors("ada").sort()).toEqual(["cleo", "dana"]);
    expect(graph.graphology.type).toBe("undirected");
    expect(graph.personCount).toBe(3);
    expect(graph.edgeCount).toBe(2);
  });

  it("validates its options and interactions, naming the method", () => {
    expect(() => new RelationshipGraph({ parameters: { saturation: -1 } })).toThrow(
      'RelationshipGraph: expecting "parameters.saturation" to be a positive number of at most 1000000000 but got "-1".',
    );
    const graph = new RelationshipGraph();
    expect(() => graph.addInteraction({ id: "x", kind: "call" } as never)).toThrow(
      `addInteraction: expecting "interaction.occurredAt" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range) but got "undefined".`,
    );
    expect(() => graph.addInteraction({ id: "x", kind: "call", occurredAt: NOW } as never)).toThrow(
      'addInteraction: expecting "interaction.kind" to be "email" or "meeting" but got "call".',
    );
    expect(() => graph.addInteraction({ ...email("ada", "cleo", NOW, "x"), recipientUuids: "cleo" } as never)).toThrow(
      'addInteraction: expecting "interaction.recipientUuids" to be an array of person uuids but got "cleo".',
    );
    expect(() => graph.addInteraction({ ...meeting(["ada", "cleo"], NOW, "y"), status: "maybe" } as never)).toThrow(
      'addInteraction: expecting "interaction.status" to be "confirmed" or "cancelled" but got "maybe".',
    );
    expect(graph.interactionCount).toBe(0);
  });

  it("refuses, in every lookup, an id that is not a non-empty string, as the updates do", () => {
    const graph = buildGraph(withUser("ada"), withAffiliation("ada", "acme"), withEmail("ada", "cleo"));
    const lookups: [string, string, (value: never) => unknown][] = [
      ["hasPerson", "personUuid", (value) => graph.hasPerson(value)],
      ["hasInteraction", "id", (value) => graph.hasInteraction(value)],
      ["userOfPerson", "personUuid", (value) => graph.userOfPerson(value)],
      ["personOfUser", "userUuid", (value) => graph.personOfUser(value)],
      ["affiliatedPersons", "companyUuid", (value) => graph.affiliatedPersons(value)],
      ["companiesOf", "personUuid", (value) => graph.companiesOf(value)],
      ["neighboursOf", "personUuid", (value) => graph.neighboursOf(value)],
      ["interactionsOf", "personUuid", (value) => graph.interactionsOf(value)],
    ];
    for (const [method, name, lookup] of lookups) {
      // hasInteraction(undefined) failed with a TypeError; the others answered as for an unknown id.
      for (const value of [undefined, null, "", 7]) {
        expect(() => lookup(value as never), `${method}(${String(value)})`).toThrow(
          `${method}: expecting "${name}" to be a non-empty string but got ${JSON.stringify(String(value))}.`,
        );
      }
    }
    expect([graph.hasPerson("ada"), graph.hasInteraction("i1"), graph.userOfPerson("ada"), graph.personOfUser("user-ada")]).toEqual([true, true, "user-ada", "ada"]);
    expect([graph.affiliatedPersons("acme"), graph.companiesOf("ada"), graph.neighboursOf("ada")]).toEqual([["ada"], ["acme"], ["cleo"]]);
  });

  it("takes a meeting in every status of MEETING_INTERACTION_STATUSES, a cancelled one counting nothing", () => {
    expect(MEETING_INTERACTION_STATUSES).toEqual(["confirmed", "cancelled"]);
    const graph = new RelationshipGraph();
    for (const status of MEETING_INTERACTION_STATUSES) graph.addInteraction({ ...meeting(["ada", "cleo"], NOW - 1, status), status });
    expect(MEETING_INTERACTION_STATUSES.map((status) => graph.hasInteraction(status))).toEqual([true, true]);
    expect(graph.interactionCount).toBe(1);
  });

  it("rejects a second interaction with the same id", () => {
    const graph = buildGraph(withEmail("ada", "cleo", NOW, "e1"));
    expect(() => graph.addInteraction(email("ada", "dana", NOW, "e1"))).toThrow(
      'addInteraction: an interaction with id "e1" already exists; use updateInteraction to change it.',
    );
  });

  it("tolerates noise: self-addressed mail, duplicates, empty lists", () => {
    const graph = buildGraph(
      withEmail("ada", ["ada"]),
      withEmail("ada", []),
      withMeeting([]),
      withMeeting(["ada", "ada"]),
      withEmail("ada", ["cleo", "cleo", "ada"]),
      withMeeting(["ada", "cleo", "cleo"], NOW, { organizerUuid: "ada" }),
      (graph) => graph.addInteraction({ id: "no-sender", kind: "email", occurredAt: NOW, senderUuid: "", recipientUuids: ["ada", "cleo"] }),
      (graph) => graph.addInteraction({ id: "null-sender", kind: "email", occurredAt: NOW, senderUuid: null, recipientUuids: [] }),
    );
    expect(graph.edgeCount).toBe(1);
    expect(graph.interactionCount).toBe(2);
    expect(score(graph, "ada", "cleo")).toBe(Math.round((3.5 / 11.5) * 1e9) / 1e9);
    expect(graph.hasInteraction("i1")).toBe(true);
  });

  describe("removeInteraction", () => {
    it("removes an interaction and the edge it alone supported", () => {
      const graph = buildGraph(withEmail("ada", "cleo", NOW, "e1"), withEmail("ada", "dana", NOW, "e2"));
      expect(graph.removeInteraction("e1")).toBe(true);
      expect(graph.removeInteraction("e1")).toBe(false);
      expect(score(graph, "ada", "cleo")).toBe(0);
      expect(graph.graphology.hasEdge("ada", "cleo")).toBe(false);
      expect(graph.hasInteraction("e1")).toBe(false);
      expect(graph.interactionCount).toBe(1);
    });

    it("leaves the pair's other interactions exactly as if it had never been added", () => {
      const graph = buildGraph(withEmail("ada", "cleo", daysAgo(3)), withMeeting(["ada", "cleo"], daysAgo(1), { id: "m" }), withEmail("cleo", "ada", daysAgo(9)));
      graph.removeInteraction("m");
      expect(score(graph, "ada", "cleo")).toBe(score(buildGraph(withEmail("ada", "cleo", daysAgo(3)), withEmail("cleo", "ada", daysAgo(9))), "ada", "cleo"));
    });
  });

  describe("updateInteraction", () => {
    it("reschedules a meeting into the future: no longer counted, now the next meeting", () => {
      const graph = buildGraph(withUser("ada"), withMeeting(["ada", "cleo"], daysAgo(1), { id: "m" }));
      graph.updateInteraction(meeting(["ada", "cleo"], daysAgo(-7), "m"));
      expect(score(graph, "ada", "cleo")).toBe(0);
      expect(derivedFields(graph, { entity: "person", uuid: "cleo" }, { now: NOW }).next_meeting_at).toBe(daysAgo(-7));
    });

    it("cancels and re-confirms a meeting", () => {
      const graph = buildGraph(withMeeting(["ada", "cleo"], NOW, { id: "m" }));
      const before = score(graph, "ada", "cleo");
      graph.updateInteraction(meeting(["ada", "cleo"], NOW, "m", { status: "cancelled" }));
      expect(score(graph, "ada", "cleo")).toBe(0);
      expect(graph.edgeCount).toBe(0);
      graph.updateInteraction(meeting(["ada", "cleo"], NOW, "m"));
      expect(score(graph, "ada", "cleo")).toBe(before);
    });

    it("moves the edges when attendees change, and adds an unknown id", () => {
      const graph = buildGraph(withMeeting(["ada", "cleo"], NOW, { id: "m" }));
      graph.updateInteraction(meeting(["ada", "dana"], NOW, "m"));
      expect(score(graph, "ada", "cleo")).toBe(0);
      expect(score(graph, "ada", "dana")).toBeGreaterThan(0);
      graph.updateInteraction(email("ada", "eve", NOW, "new"));
      expect(graph.hasInteraction("new")).toBe(true);
    });
  });

  describe("mergePersons", () => {
    it("moves interactions, edges, affiliations and the internal mark onto the canonical person", () => {
      const graph = buildGraph(
        withUser("ada-old", "user-ada"),
        withAffiliation("ada-old", "acme"),
        withEmail("ada-old", "cleo"),
        withEmail("cleo", "ada"),
        withMeeting(["ada", "ada-old", "dana"]),
      );
      graph.mergePersons("ada", "ada-old");
      expect(graph.hasPerson("ada-old")).toBe(false);
      expect(graph.personOfUser("user-ada")).toBe("ada");
      expect(graph.companiesOf("ada")).toEqual(["acme"]);
      expect(graph.affiliatedPersons("acme")).toEqual(["ada"]);
      const expected = buildGraph(withUser("ada", "user-ada"), withEmail("ada", "cleo"), withEmail("cleo", "ada"), withMeeting(["ada", "dana"]));
      expect(score(graph, "ada", "cleo")).toBe(score(expected, "ada", "cleo"));
      expect(score(graph, "ada", "dana")).toBe(score(expected, "ada", "dana"));
      expect(graph.edgeCount).toBe(expected.edgeCount);
    });

    it("is a no-op for an unknown superseded person and refuses nonsense", () => {
      const graph = buildGraph(withUser("ada"), withUser("ben"));
      graph.mergePersons("cleo", "nobody");
      expect(graph.hasPerson("cleo")).toBe(true);
      expect(() => graph.mergePersons("ada", "ada")).toThrow('mergePersons: cannot merge person "ada" into itself.');
      expect(() => graph.mergePersons("ada", "ben")).toThrow(
        'mergePersons: persons "ada" and "ben" are the person nodes of two different users ("user-ada", "user-ben").',
      );
    });
  });

  describe("affiliations", () => {
    it("sets and ends current affiliations", () => {
      const graph = buildGraph(withAffiliation("dana", "acme"), withAffiliation("eve", "acme"), withAffiliation("dana", "globex"));
      expect(graph.affiliatedPersons("acme")).toEqual(["dana", "eve"]);
      expect(graph.companiesOf("dana")).toEqual(["acme", "globex"]);
      expect(graph.endAffiliation("dana", "acme")).toBe(true);
      expect(graph.endAffiliation("dana", "acme")).toBe(false);
      expect(graph.affiliatedPersons("acme")).toEqual(["eve"]);
      expect(graph.affiliatedPersons("initech")).toEqual([]);
      expect(graph.companiesOf("nobody")).toEqual([]);
    });

    it("lists the companies with a current affiliation, sorted, and drops one whose last member left", () => {
      const graph = buildGraph(withAffiliation("eve", "globex"), withAffiliation("dana", "acme"), withAffiliation("dana", "globex"));
      expect(graph.companyUuids()).toEqual(["acme", "globex"]);
      graph.endAffiliation("dana", "acme");
      expect(graph.companyUuids()).toEqual(["globex"]);
      expect(new RelationshipGraph().companyUuids()).toEqual([]);
    });
  });

  describe("internal users", () => {
    it("marks, moves and unmarks a user's person node", () => {
      const graph = buildGraph(withUser("ada", "user-ada"), withEmail("ada", "cleo"));
      expect(graph.userOfPerson("ada")).toBe("user-ada");
      expect(graph.internalUsers()).toEqual([{ userUuid: "user-ada", personUuid: "ada" }]);
      graph.markInternal("ada-2", "user-ada");
      expect(graph.userOfPerson("ada")).toBeNull();
      expect(graph.personOfUser("user-ada")).toBe("ada-2");
      expect(graph.unmarkInternal("user-ada")).toBe(true);
      expect(graph.unmarkInternal("user-ada")).toBe(false);
      expect(graph.internalUsers()).toEqual([]);
      expect(graph.personOfUser("nobody")).toBeNull();
    });
  });
});
