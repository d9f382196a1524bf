import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { stateOf, type RelationshipGraph } from "../relationship-graph.js";
import { NOW } from "../testing/builders.js";

const graphOf = () =>
  hydrateGraph({
    interactions: [{ kind: "meeting", id: "m1", occurredAt: NOW, attendeeUuids: ["a", "b", "c", "d"] }],
    internalUsers: [],
    affiliations: [
      { personUuid: "a", companyUuid: "acme" },
      { personUuid: "b", companyUuid: "acme" },
      { personUuid: "d", companyUuid: "globex" },
    ],
  });

/** The kept list of a company's external members, as sorted uuids. */
function listed(graph: RelationshipGraph, companyUuid: string): string[] {
  const state = stateOf("test", graph);
  return Array.from(state.externalMemberLists.of(companyUuid, state.companyMembers.get(companyUuid)), (index) => state.record(index).uuid).sort();
}

describe("ExternalMemberLists", () => {
  it("lists a company's external members and follows its affiliations, user marks and merges", () => {
    const graph = graphOf();
    expect(listed(graph, "acme")).toEqual(["a", "b"]);
    expect(listed(graph, "nobody")).toEqual([]);
    graph.setAffiliation("c", "acme");
    expect(listed(graph, "acme")).toEqual(["a", "b", "c"]);
    graph.markInternal("a", "user-a");
    expect(listed(graph, "acme")).toEqual(["b", "c"]);
    graph.unmarkInternal("user-a");
    expect(listed(graph, "acme")).toEqual(["a", "b", "c"]);
    graph.endAffiliation("b", "acme");
    expect(listed(graph, "acme")).toEqual(["a", "c"]);
    expect(listed(graph, "globex")).toEqual(["d"]);
    graph.mergePersons("c", "d");
    expect(listed(graph, "globex")).toEqual(["c"]);
    expect(listed(graph, "acme")).toEqual(["a", "c"]);
  });
});
