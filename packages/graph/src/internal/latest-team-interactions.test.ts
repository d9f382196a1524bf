import { describe, expect, it } from "vitest";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, withEmail, withMeeting, withUser } from "../testing/builders.js";

const graphWithTeam = () =>
  buildGraph(withUser("ada"), withUser("ben"), withEmail("ada", "dana", daysAgo(30)), withMeeting(["ben", "dana"], daysAgo(-5)), withEmail("dana", "eve", daysAgo(1)));

describe("LatestTeamInteractions", () => {
  it("is a person's latest interaction with any user, after now or not, and -Infinity without one", () => {
    const graph = graphWithTeam();
    const state = stateOf("test", graph);
    const latestOf = (uuid: string) => {
      const record = state.person(uuid)!;
      return state.latestTeamInteractions.of(record.index, state.records, state.edges);
    };
    expect(latestOf("dana")).toBe(daysAgo(-5));
    // eve's only interaction is with dana, who is not a user.
    expect(latestOf("eve")).toBe(-Infinity);
  });

  it("keeps what it computed until forgotten", () => {
    const state = stateOf("test", graphWithTeam());
    const dana = state.person("dana")!;
    const latest = () => state.latestTeamInteractions.of(dana.index, state.records, state.edges);
    expect(latest()).toBe(daysAgo(-5));
    // Written behind the graph's back, an edge's new latest interaction is not seen until the person is forgotten.
    state.edges.accumulate(dana.internalLinks![1]!, daysAgo(-9), state.halfLifeMilliseconds, 1, "meeting");
    expect(latest()).toBe(daysAgo(-5));
    state.latestTeamInteractions.forget(dana.index);
    expect(latest()).toBe(daysAgo(-9));
  });

  it("is forgotten by the graph when a team link is written or who is a user changes", () => {
    const graph = graphWithTeam();
    const state = stateOf("test", graph);
    const dana = state.person("dana")!;
    const latest = () => state.latestTeamInteractions.of(dana.index, state.records, state.edges);
    expect(latest()).toBe(daysAgo(-5));
    graph.addInteraction({ id: "later", kind: "email", senderUuid: "ada", recipientUuids: ["dana"], occurredAt: daysAgo(-20) });
    expect(latest()).toBe(daysAgo(-20));
    graph.removeInteraction("later");
    expect(latest()).toBe(daysAgo(-5));
    graph.unmarkInternal("user-ben");
    expect(latest()).toBe(daysAgo(30));
  });
});
