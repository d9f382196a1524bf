import { describe, expect, it } from "vitest";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, email, NOW, withEmail, withUser } from "../testing/builders.js";
import { createEvaluationContext } from "./evaluation-context.js";
import { currentTeamLinkTable, teamLinkTable } from "./team-link-table.js";

describe("TeamLinkTable", () => {
  const build = () => buildGraph(withUser("ada"), withUser("ben"), withEmail("ada", "dana"), withEmail("ben", ["dana", "eve"], daysAgo(3)), withEmail("dana", "eve"));

  it("copies each person's team links, users and edge slots side by side", () => {
    const state = stateOf("test", build());
    const table = teamLinkTable(state);
    for (const record of state.records) {
      if (record === undefined) continue;
      const copied: number[] = [];
      for (let link = table.start[record.index]!; link < table.start[record.index + 1]!; link += 1) {
        copied.push(table.users[link]!, table.edges[link]!);
        expect(table.firstAt[link]).toBe(state.edges.firstAt(table.edges[link]!));
        expect(table.team[table.teamSlot[table.users[link]!]!]).toBe(table.users[link]);
      }
      expect(copied).toEqual(record.internalLinks ?? []);
      expect(table.isUser[record.index]).toBe(record.userUuid === null ? 0 : 1);
      expect(table.teamSlot[record.index]! >= 0).toBe(record.userUuid !== null);
    }
    expect(teamLinkTable(state)).toBe(table);
  });

  it("stops being current when a team link or a user changes, not when other pairs do", () => {
    const graph = build();
    const state = stateOf("test", graph);
    const table = teamLinkTable(state);
    graph.addInteraction(email("dana", "eve", daysAgo(1), "between-externals"));
    expect(currentTeamLinkTable(state)).toBe(table);
    graph.addInteraction(email("ada", "eve", daysAgo(1), "new-team-link"));
    expect(currentTeamLinkTable(state)).toBeNull();
    const copied = teamLinkTable(state);
    graph.addInteraction(email("dana", "eve", daysAgo(30), "older-between-externals"));
    expect(currentTeamLinkTable(state)).toBe(copied);
    // An older interaction on a team link moves its first interaction, which the copy holds.
    graph.addInteraction(email("ada", "dana", daysAgo(300), "older-team-link"));
    expect(currentTeamLinkTable(state)).toBeNull();
    const recopied = teamLinkTable(state);
    graph.removeInteraction("older-team-link");
    expect(currentTeamLinkTable(state)).toBeNull();
    expect(teamLinkTable(state)).not.toBe(recopied);
    graph.markInternal("eve", "user-eve");
    expect(currentTeamLinkTable(state)).toBeNull();
    expect(teamLinkTable(state)).not.toBe(recopied);
  });

  it("scores a person's links once per call, as the state scores them", () => {
    const state = stateOf("test", build());
    const table = teamLinkTable(state);
    const dana = state.person("dana")!;
    table.beginCall();
    table.scoreLinks(state, dana.index, createEvaluationContext("test", state, { now: NOW }));
    const scores = Array.from(table.scores.subarray(table.start[dana.index], table.start[dana.index + 1]));
    const links = dana.internalLinks ?? [];
    const expected = [];
    for (let position = 0; position < links.length; position += 2) {
      expected.push(state.scoreAt(links[position]!, dana.index, links[position + 1]!, createEvaluationContext("test", state, { now: NOW })));
    }
    expect(scores).toEqual(expected);
    expect(scores.every((score) => score > 0)).toBe(true);
    // Within the call a later context does not rescore; a new call does.
    table.scoreLinks(state, dana.index, createEvaluationContext("test", state, { now: NOW + 400 * 86_400_000 }));
    expect(Array.from(table.scores.subarray(table.start[dana.index], table.start[dana.index + 1]))).toEqual(scores);
    table.beginCall();
    table.scoreLinks(state, dana.index, createEvaluationContext("test", state, { now: NOW + 400 * 86_400_000 }));
    expect(table.scores[table.start[dana.index]!]).toBeLessThan(scores[0]!);
  });
});
