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

  it("scores a link once per call, as the state scores it", () => {
    const state = stateOf("test", build());
    const table = teamLinkTable(state);
    const dana = state.person("dana")!;
    const links = Array.from({ length: table.start[dana.index + 1]! - table.start[dana.index]! }, (_, offset) => table.start[dana.index]! + offset);
    const at = (now: number) => createEvaluationContext("test", state, { now });
    table.beginCall();
    const scores = links.map((link) => table.linkScore(state, link, dana.index, at(NOW)));
    expect(scores).toEqual(links.map((link) => state.scoreAt(table.users[link]!, dana.index, table.edges[link]!, at(NOW))));
    expect(scores.length > 0 && scores.every((score) => score > 0)).toBe(true);
    // Within the call a later context does not rescore; a new call does.
    expect(links.map((link) => table.linkScore(state, link, dana.index, at(NOW + 400 * 86_400_000)))).toEqual(scores);
    table.beginCall();
    expect(table.linkScore(state, links[0]!, dana.index, at(NOW + 400 * 86_400_000))).toBeLessThan(scores[0]!);
  });
});
