import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { pathPower } from "./path-power.js";
import { buildGraph, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";

const round = (value: number): number => Math.round(value * 1e9) / 1e9;

describe("pathPower", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withUser("cy"),
    withUser("di"),
    withAffiliation("dana", "acme"),
    withAffiliation("eve", "acme"),
    withAffiliation("ada", "acme"),
    withMeeting(["ada", "dana"]),
    withEmail("ben", "dana", daysAgo(10)),
    withEmail("cy", "dana", daysAgo(400)),
    withEmail("di", "dana", daysAgo(700)),
    withEmail("eve", "ben", daysAgo(30)),
    withEmail("zed", "dana"),
  );
  const rq = (user: string, person: string): number => connectionScore(graph, user, person, { now: NOW });

  it("combines the three strongest RQs to a person with noisy-OR", () => {
    const expected = round(1 - (1 - rq("ada", "dana")) * (1 - rq("ben", "dana")) * (1 - rq("cy", "dana")));
    expect(pathPower(graph, { entity: "person", uuid: "dana" }, { now: NOW })).toEqual({
      entity: "person",
      uuid: "dana",
      score: expected,
      score_display: Math.round(expected * 100),
      strength_label: "moderate",
    });
  });

  it("combines a company's affiliated external persons the same way", () => {
    const dana = pathPower(graph, { entity: "person", uuid: "dana" }, { now: NOW }).score ?? 0;
    const eve = pathPower(graph, { entity: "person", uuid: "eve" }, { now: NOW }).score ?? 0;
    const company = pathPower(graph, { entity: "company", uuid: "acme" }, { now: NOW });
    expect(company.score).toBe(round(1 - (1 - dana) * (1 - eve)));
    expect(company.meta).toEqual({ person_count: 2, connected_person_count: 2 });
  });

  it("honours pathPowerTopCount", () => {
    const single = pathPower(graph, { entity: "person", uuid: "dana" }, { now: NOW, parameters: { pathPowerTopCount: 1 } });
    expect(single.score).toBe(rq("ada", "dana"));
  });

  it("is null without data, for a stranger and for an unknown entity", () => {
    expect(pathPower(graph, { entity: "person", uuid: "zed" }, { now: NOW })).toEqual({ entity: "person", uuid: "zed", score: null, score_display: 0, strength_label: null });
    expect(pathPower(graph, { entity: "person", uuid: "nobody" }, { now: NOW }).score).toBeNull();
    expect(pathPower(graph, { entity: "company", uuid: "initech" }, { now: NOW })).toMatchObject({ score: null, meta: { person_count: 0, connected_person_count: 0 } });
    expect(pathPower(graph, { entity: "person", uuid: "dana" }, { now: daysAgo(800) }).score).toBeNull();
  });

  it("rejects an unknown entity kind", () => {
    expect(() => pathPower(graph, { entity: "deal", uuid: "x" } as never, { now: NOW })).toThrow(
      'pathPower: expecting "entity" to be one of "person", "company" but got "deal".',
    );
  });
});
