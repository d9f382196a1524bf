import { describe, expect, it } from "vitest";
import { internalNeighbours } from "./graph-state.js";
import { hydrateGraph } from "../hydrate-graph.js";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, email, meeting, withInteraction, withUser } from "../testing/builders.js";
import type { Interaction } from "../types.js";

const interactions: Interaction[] = [
  email("ada", ["cleo", "dana", "ada"], daysAgo(1), "e1"),
  email("dana", "ada", daysAgo(100), "e2"),
  email("cleo", "ada", daysAgo(3), "e3"),
  meeting(["ada", "cleo", "dana"], daysAgo(10), "m1"),
  meeting(["ada", "cleo"], daysAgo(-2), "m2"),
];

describe("buildEdges", () => {
  const pairs = [["ada", "cleo"], ["ada", "dana"], ["cleo", "dana"]] as const;

  it.each([
    ["no internal users", []],
    ["internal users on both sides of the pairs", ["ada", "dana"]],
    ["one internal user", ["cleo"]],
  ] as const)("builds the same aggregates, in each direction, as adding interactions one by one (%s)", (_name, users) => {
    const internalUsers = users.map((person) => ({ userUuid: `user-${person}`, personUuid: person }));
    const hydrated = stateOf("test", hydrateGraph({ internalUsers, interactions }));
    const built = stateOf("test", buildGraph(...users.map((person) => withUser(person)), ...interactions.map(withInteraction)));
    expect(hydrated.pairs.size).toBe(built.pairs.size);
    for (const [first, second] of pairs) {
      const left = [hydrated.ensurePerson(first), hydrated.ensurePerson(second)] as const;
      const right = [built.ensurePerson(first), built.ensurePerson(second)] as const;
      const fromBulk = hydrated.edges.read(hydrated.edgeSlot(...left));
      const fromAdds = built.edges.read(built.edgeSlot(...right));
      expect(fromBulk).toMatchObject({ emailsLow: fromAdds.emailsLow, emailsHigh: fromAdds.emailsHigh, meetings: fromAdds.meetings, anchorAt: fromAdds.anchorAt });
      for (const mass of ["massEmailLow", "massEmailHigh", "massMeeting"] as const) expect(fromBulk[mass]).toBeCloseTo(fromAdds[mass], 12);
    }
  });

  it("gives a person's edges to the team adjacent slots, whatever the order of the interactions", () => {
    const users = ["u1", "u2", "u3"];
    const externals = ["p1", "p2", "p3", "p4"];
    // Each user writes to every external person in turn, so a sweep by user would interleave them.
    const rows: Interaction[] = users.flatMap((user, day) => [
      email(user, externals, daysAgo(day + 1), `e-${user}`),
      ...externals.map((person, position) => email(person, [user, externals[(position + 1) % externals.length]!], daysAgo(day + 10), `r-${user}-${person}`)),
    ]);
    const state = stateOf(
      "test",
      hydrateGraph({ internalUsers: users.map((person) => ({ userUuid: `user-${person}`, personUuid: person })), interactions: rows }),
    );
    for (const person of externals) {
      const links = state.ensurePerson(person).internalLinks ?? [];
      const slots = links.filter((_value, position) => position % 2 === 1).sort((left, right) => left - right);
      expect(slots).toHaveLength(users.length);
      expect(slots.at(-1)! - slots[0]!).toBe(users.length - 1);
    }
  });

  it("records the internal neighbours of every person", () => {
    const state = stateOf("test", hydrateGraph({ interactions, internalUsers: [{ userUuid: "user-ada", personUuid: "ada" }] }));
    expect(internalNeighbours(state.ensurePerson("dana"))).toEqual([state.ensurePerson("ada").index]);
    expect(internalNeighbours(state.ensurePerson("ada"))).toBeNull();
  });
});
