import { describe, expect, it } from "vitest";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withUser } from "../testing/builders.js";
import { stateOf } from "../relationship-graph.js";
import { createEvaluationContext } from "./evaluation-context.js";
import { personPathPower, teamConnections, unorderedExternalMembers } from "./team-connections.js";

describe("team connections", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withAffiliation("dana", "acme"),
    withAffiliation("ada", "acme"),
    withAffiliation("bob", "acme"),
    withEmail("ada", "dana"),
    withEmail("ben", "dana", daysAgo(-3)),
  );
  const state = stateOf("test", graph);
  const context = createEvaluationContext("test", state, { now: NOW });

  it("lists the internal users with a counted interaction", () => {
    const connections = teamConnections(state, state.ensurePerson("dana"), context);
    expect(connections.map((connection) => connection.user.uuid)).toEqual(["ada"]);
    expect(personPathPower(state, state.ensurePerson("dana"), context)).toBe(connections[0]?.evaluation.score);
    expect(personPathPower(state, state.ensurePerson("nobody-knows"), context)).toBeNull();
  });

  it("lists a company's external members, in no particular order", () => {
    expect(unorderedExternalMembers(state, "acme").map((member) => member.uuid).sort()).toEqual(["bob", "dana"]);
    expect(unorderedExternalMembers(state, "initech")).toEqual([]);
  });
});
