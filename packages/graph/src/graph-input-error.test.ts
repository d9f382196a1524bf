import { describe, expect, it } from "vitest";
import { GraphInputError } from "./graph-input-error.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { pathPower } from "./path-power.js";
import { recommendedPaths } from "./recommended-paths.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { resolveScoringParameters } from "./scoring-parameters.js";
import { strengthLabel } from "./strength-label.js";
import { buildGraph, daysAgo, NOW, withEmail, withUser } from "./testing/builders.js";

/** What `call` threw (failing the test when it threw nothing). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

const dana = { entity: "person", uuid: "dana" } as const;

describe("GraphInputError", () => {
  it("is what a refused argument throws, with the function, the value and the message as before", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "dana", daysAgo(3)));
    const error = thrownBy(() => recommendedPaths(graph, dana, { now: NOW, order: "up" as never }));
    expect(error).toBeInstanceOf(GraphInputError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "GraphInputError",
      functionName: "recommendedPaths",
      value: "up",
      message: 'recommendedPaths: expecting "order" to be one of "asc", "desc" but got "up".',
    });
  });

  it.each<[string, () => unknown, unknown]>([
    ["hydrateGraph", () => hydrateGraph({ interactions: [{ id: "e1", kind: "fax", occurredAt: NOW }] as never }), "fax"],
    ["strengthLabel", () => strengthLabel(2), 2],
    ["resolveScoringParameters", () => resolveScoringParameters({ halfLifeDay: 30 } as never), "halfLifeDay"],
    ["RelationshipGraph", () => new RelationshipGraph({ parameters: { saturation: -1 } }), -1],
    ["markInternal", () => new RelationshipGraph().markInternal("", "user-ada"), ""],
  ])("is thrown by %s", (functionName, call, value) => {
    const error = thrownBy(call);
    expect(error).toBeInstanceOf(GraphInputError);
    expect(error).toMatchObject({ functionName, value });
  });

  it("is what hydrateGraphAsync rejects with", async () => {
    const rejection = await hydrateGraphAsync({ interactions: 5 } as never).catch((error: unknown) => error);
    expect(rejection).toBeInstanceOf(GraphInputError);
    expect(rejection).toMatchObject({ functionName: "hydrateGraphAsync", value: 5 });
  });

  it("is thrown for input that conflicts with the graph, with the conflicting value", () => {
    const graph = buildGraph(withUser("ada"), withEmail("ada", "dana", daysAgo(3), "e1"));
    const duplicate = thrownBy(() => graph.addInteraction({ id: "e1", kind: "email", occurredAt: NOW, senderUuid: "ada", recipientUuids: ["cleo"] }));
    expect(duplicate).toBeInstanceOf(GraphInputError);
    expect(duplicate).toMatchObject({ functionName: "addInteraction", value: "e1" });
    expect(thrownBy(() => graph.mergePersons("dana", "dana"))).toMatchObject({ name: "GraphInputError", functionName: "mergePersons", value: "dana" });
    const fixed = thrownBy(() => pathPower(graph, dana, { now: NOW, parameters: { maximumMeetingAttendees: 10 } }));
    expect(fixed).toBeInstanceOf(GraphInputError);
    expect(fixed).toMatchObject({ functionName: "pathPower", value: 10 });
  });
});
