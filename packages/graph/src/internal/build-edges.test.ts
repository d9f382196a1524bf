import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, email, meeting, withInteraction } from "../testing/builders.js";
import type { Interaction } from "../types.js";

const interactions: Interaction[] = [
  email("ada", ["cleo", "dana", "ada"], daysAgo(1), "e1"),
  email("dana", "ada", daysAgo(100), "e2"),
  email("cleo", "ada", daysAgo(3), "e3"),
  meeting(["ada", "cleo", "dana"], daysAgo(10), "m1"),
  meeting(["ada", "cleo"], daysAgo(-2), "m2"),
];

describe("buildEdges", () => {
  it("builds the same aggregates, in each direction, as adding interactions one by one", () => {
    const hydrated = stateOf("test", hydrateGraph({ interactions }));
    const built = stateOf("test", buildGraph(...interactions.map(withInteraction)));
    expect(hydrated.graph.size).toBe(built.graph.size);
    for (const [first, second] of [["ada", "cleo"], ["ada", "dana"], ["cleo", "dana"]] as const) {
      const left = [hydrated.ensurePerson(first), hydrated.ensurePerson(second)] as const;
      const right = [built.ensurePerson(first), built.ensurePerson(second)] as const;
      const fromBulk = hydrated.edges.read(hydrated.edgeSlot(...left));
      const fromAdds = built.edges.read(built.edgeSlot(...right));
      expect(fromBulk).toMatchObject({ emailsLow: fromAdds.emailsLow, emailsHigh: fromAdds.emailsHigh, meetings: fromAdds.meetings, anchorAt: fromAdds.anchorAt });
      for (const mass of ["massEmailLow", "massEmailHigh", "massMeeting"] as const) expect(fromBulk[mass]).toBeCloseTo(fromAdds[mass], 12);
    }
  });

  it("records the internal neighbours of every person", () => {
    const state = stateOf("test", hydrateGraph({ interactions, internalUsers: [{ userUuid: "user-ada", personUuid: "ada" }] }));
    expect(state.ensurePerson("dana").internalNeighbours).toEqual([state.ensurePerson("ada").index]);
    expect(state.ensurePerson("ada").internalNeighbours).toBeNull();
  });
});
