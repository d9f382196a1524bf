import { describe, expect, it } from "vitest";
import { buildGraph, DAY, daysAgo, email, meeting, NOW, withAffiliation, withEmail, withInteraction, withMeeting, withUser } from "./builders.js";

describe("test builders", () => {
  it("build a graph step by step with generated ids", () => {
    const graph = buildGraph(
      { parameters: { saturation: 4 } },
      withUser("ada"),
      withAffiliation("dana", "acme"),
      withEmail("ada", "cleo"),
      withMeeting(["ada", "dana"], daysAgo(1), { title: "Intro" }),
      withInteraction(email("cleo", ["dana"], NOW, "e-cleo")),
    );
    expect(graph.parameters.saturation).toBe(4);
    expect(graph.personOfUser("user-ada")).toBe("ada");
    expect(graph.affiliatedPersons("acme")).toEqual(["dana"]);
    expect([graph.hasInteraction("i1"), graph.hasInteraction("i2"), graph.hasInteraction("e-cleo")]).toEqual([true, true, true]);
    expect(daysAgo(2)).toBe(NOW - 2 * DAY);
    expect(meeting(["a"], NOW, "m", { status: "cancelled" })).toEqual({ id: "m", kind: "meeting", occurredAt: NOW, attendeeUuids: ["a"], status: "cancelled" });
  });
});
